#!/bin/sh
# The places of exporter-bench1.yaml, made once by the lab's admin (the coordinator keeps them in
# places.yaml in its working directory). Tags: aotbench-board is the board profile aotbench uses
# (`aotbench boards`), aotbench-flasher the GDB server's kind when it is not the profile's flasher;
# any other tag (family, rack, ...) is for `--board labgrid:TAG=VALUE` reservations.
set -eu
lg="labgrid-client -x ${LG_COORDINATOR:-coordinator.lab:20408}"

$lg -p nucleo-f767zi-1 create
$lg -p nucleo-f767zi-1 add-named-match bench1/nucleo-f767zi-1/NetworkSerialPort/console console
$lg -p nucleo-f767zi-1 add-named-match bench1/nucleo-f767zi-1/NetworkSerialPort/gdb gdb
$lg -p nucleo-f767zi-1 set-tags aotbench-board=nucleo-f767zi aotbench-flasher=pyocd aotbench-probe=0671FF3833554B3043164817 family=stm32f7 rack=bench1

$lg -p stm32f429i-disc1-1 create
$lg -p stm32f429i-disc1-1 add-named-match bench1/stm32f429i-disc1-1/NetworkSerialPort/console console
$lg -p stm32f429i-disc1-1 add-named-match bench1/stm32f429i-disc1-1/NetworkSerialPort/gdb gdb
$lg -p stm32f429i-disc1-1 set-tags aotbench-board=stm32f429i-disc1 aotbench-flasher=openocd aotbench-probe=0672FF485550755187034512 family=stm32f4 rack=bench1
