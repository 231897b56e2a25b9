"""What aotbench asks a labgrid coordinator, answered through labgrid's own client API as JSON.

Run by aotbench with the Python of the labgrid-client it found (so labgrid imports), as
`python -c <this file> -x HOST:PORT --out FILE COMMAND ...`. COMMAND is one of
  places                      every place
  show PLACE                  one place (labgrid's name/alias matching) with its resources
  reservations                every reservation, in the order the coordinator serves them
  reserve [--prio N] K=V...   a new reservation for places with those tags
  wait TOKEN                  until the reservation is no longer waiting; then it
  acquire PLACE               lock the place; its full name
The answer is written to FILE; on failure the process prints "Error: <labgrid's message>" on
stderr and exits 1 (2 for bad usage); labgrid's own log lines may precede it.
"""

import argparse
import asyncio
import contextlib
import json
import sys
from datetime import datetime

from labgrid.remote.client import Error, start_session
from labgrid.remote.common import Reservation, TAG_KEY, TAG_VAL
from labgrid.remote.generated import labgrid_coordinator_pb2


def local_time(timestamp):
    return str(datetime.fromtimestamp(timestamp)) if timestamp else ""


def place_record(place):
    return {
        "name": place.name,
        "aliases": sorted(place.aliases),
        "comment": place.comment,
        "tags": dict(place.tags),
        "matches": [str(m) for m in sorted(place.matches)],
        "acquired": place.acquired or "",
        "acquired_resources": ["/".join(r) for r in sorted(place.acquired_resources)],
        "allowed": sorted(place.allowed),
        "created": local_time(place.created),
        "changed": local_time(place.changed),
        "reservation": place.reservation or "",
    }


def resource_record(place, path, resource, acquired):
    match = place.getmatch(path)
    return {
        "name": match.rename or path[3],
        "exporter": path[0],
        "group": path[1],
        "cls": path[2],
        "resource": path[3],
        "acquired": acquired,
        "params": resource.params,
        "avail": bool(resource.avail),
    }


def place_with_resources(session, place):
    """The place and its resources: those it holds when acquired, else those it matches."""
    record = place_record(place)
    resources = []
    if place.acquired:
        for exporter, group, cls, name in sorted(place.acquired_resources):
            resource = session.resources.get(exporter, {}).get(group, {}).get(name)
            if resource is not None:  # an exporter that went away leaves an orphan
                resources.append(resource_record(place, (exporter, group, cls, name), resource, True))
    else:
        for exporter, groups in sorted(session.resources.items()):
            for group, entries in sorted(groups.items()):
                for name, resource in sorted(entries.items()):
                    path = (exporter, group, resource.cls, name)
                    if place.getmatch(path) is not None:
                        resources.append(resource_record(place, path, resource, False))
    record["resources"] = resources
    return record


def reservation_record(res):
    main = res.filters.get("main", {})
    return {
        "token": res.token,
        "owner": res.owner,
        "state": res.state.name,
        "prio": int(res.prio),
        "filters": dict(main),
        "allocations": list(res.allocations.get("main", [])),
        "created": local_time(res.created),
        "timeout": local_time(res.timeout),
    }


async def reservations(session):
    response = await session.stub.GetReservations(labgrid_coordinator_pb2.GetReservationsRequest())
    found = [Reservation.from_pb2(r) for r in response.reservations]
    return [reservation_record(r) for r in sorted(found, key=lambda r: (-r.prio, r.created))]


async def reserve(session, prio, pairs):
    tags = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not TAG_KEY.match(key) or not TAG_VAL.match(value):
            raise Error(f"'{pair}' is not a valid tag filter (KEY=VALUE, lower-case letters, digits and _)")
        tags[key] = value
    request = labgrid_coordinator_pb2.CreateReservationRequest(
        filters={"main": labgrid_coordinator_pb2.Reservation.Filter(filter=tags)}, prio=prio
    )
    response = await session.stub.CreateReservation(request)
    return reservation_record(Reservation.from_pb2(response.reservation))


async def wait(session, token):
    # Polling is also what keeps a reservation alive.
    while True:
        request = labgrid_coordinator_pb2.PollReservationRequest(token=token)
        response = await session.stub.PollReservation(request)
        res = Reservation.from_pb2(response.reservation)
        if res.state.name != "waiting":
            return reservation_record(res)
        await asyncio.sleep(1.0)


async def acquire(session, pattern):
    with contextlib.redirect_stdout(sys.stderr):  # labgrid's "acquired place NAME"
        await session._acquire_place(pattern)
    return {"place": session.get_place(pattern).name}


def answer(session, args):
    if args.command == "places":
        return [place_record(p) for _, p in sorted(session.places.items())]
    if args.command == "show":
        return place_with_resources(session, session.get_place(args.place))
    run = session.loop.run_until_complete
    if args.command == "reservations":
        return run(reservations(session))
    if args.command == "reserve":
        return run(reserve(session, args.prio, args.tags))
    if args.command == "wait":
        return run(wait(session, args.token))
    return run(acquire(session, args.place))


def main():
    parser = argparse.ArgumentParser(prog="labgrid_query")
    parser.add_argument("-x", dest="coordinator", required=True)
    parser.add_argument("--out", required=True)
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("places")
    commands.add_parser("show").add_argument("place")
    commands.add_parser("reservations")
    reserve_parser = commands.add_parser("reserve")
    reserve_parser.add_argument("--prio", type=int, default=0)
    reserve_parser.add_argument("tags", nargs="+")
    commands.add_parser("wait").add_argument("token")
    commands.add_parser("acquire").add_argument("place")
    args = parser.parse_args()

    # labgrid's acquire checks that the place's matches find resources unless this is set.
    extra = {"args": argparse.Namespace(allow_unmatched=False)}
    try:
        session = start_session(args.coordinator, extra=extra)
    except Error as e:  # labgrid logs gRPC's reason ("... unavailable: ...") before this
        print(e, file=sys.stderr)
        return 1
    try:
        result = answer(session, args)
    except Error as e:  # its text starts "Error: "
        print(e, file=sys.stderr)
        return 1
    except Exception as e:  # an RPC the coordinator refused
        details = getattr(e, "details", None)
        print(f"Error: {details() if callable(details) else e}", file=sys.stderr)
        return 1
    finally:
        session.loop.run_until_complete(session.stop())
        session.loop.run_until_complete(session.close())
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(result, f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
