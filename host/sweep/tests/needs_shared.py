"""../shared for the Python tests, as codegen/tests/needs_shared.hpp gives it to the C++ ones.

Without it a test exits 77, which CTest reports as skipped (SKIP_RETURN_CODE), after saying what is
missing; under AOTBENCH_REQUIRE_SHARED=1 (scripts/test, when ../shared is beside the checkout) it
fails instead.
"""
import os
import pathlib
import sys

SKIP = 77


def shared_dir(configured):
    """$AOTBENCH_SHARED_DIR, else the folder CMake passed."""
    return pathlib.Path(os.environ.get("AOTBENCH_SHARED_DIR") or configured)


def need(shared, *rels):
    """Ends the test, skipped with the reason, unless every path `rels` names exists in `shared`."""
    for rel in rels:
        path = shared / rel
        if path.exists():
            continue
        why = (f"needs ../shared: {path} not found (put the shared models and oracle beside the checkout, "
               "or set AOTBENCH_SHARED_DIR)")
        if os.environ.get("AOTBENCH_REQUIRE_SHARED") == "1":
            print(f"FAIL: {why}; AOTBENCH_REQUIRE_SHARED=1 does not allow skipping it")
            sys.exit(1)
        print(f"SKIPPED: {why}")
        sys.exit(SKIP)
