"""Reads an iCalendar file with the independent `icalendar` package (PyPI) and prints what it understood, as
JSON: each VTODO's decoded properties, and every problem found (parse errors the package records, and the
RFC 5545 rules it does not check itself: CRLF, 75-octet lines, required properties, unique UIDs).
Exits 3 when the package is missing, so that the test can skip with a reason."""
import json
import sys

try:
    import icalendar
except ImportError:
    print("the Python package icalendar is not installed (pip install icalendar)")
    sys.exit(3)

data = open(sys.argv[1], "rb").read()
problems = []
if not data.endswith(b"\r\n"):
    problems.append("the file does not end with CRLF")
for number, line in enumerate(data.split(b"\r\n")[:-1], 1):
    if b"\n" in line or b"\r" in line:
        problems.append(f"line {number}: a bare LF or CR")
    if len(line) > 75:
        problems.append(f"line {number}: {len(line)} octets (at most 75)")
    try:
        line.decode("utf-8")
    except UnicodeDecodeError:
        problems.append(f"line {number}: folding split a UTF-8 sequence")

calendar = icalendar.Calendar.from_ical(data)
for component in calendar.walk():
    for error in getattr(component, "errors", []):
        problems.append(f"{component.name}: {error}")
for name in ("VERSION", "PRODID"):
    if name not in calendar:
        problems.append(f"VCALENDAR lacks {name}")

todos = []
for todo in calendar.walk("VTODO"):
    for name in ("UID", "DTSTAMP"):
        if name not in todo:
            problems.append(f"a VTODO lacks {name}")
    categories = todo.get("CATEGORIES")
    todos.append({
        "uid": str(todo.get("UID")),
        "summary": str(todo.get("SUMMARY")),
        "description": str(todo["DESCRIPTION"]) if "DESCRIPTION" in todo else None,
        "categories": [str(c) for c in categories.cats] if categories is not None else [],
        "status": str(todo.get("STATUS")),
        "priority": int(todo["PRIORITY"]) if "PRIORITY" in todo else None,
        "dtstart": todo.decoded("DTSTART").isoformat() if "DTSTART" in todo else None,
        "due": todo.decoded("DUE").isoformat() if "DUE" in todo else None,
        "alarms": [{"action": str(alarm.get("ACTION")), "trigger": str(alarm.decoded("TRIGGER")),
                    "related": str(alarm["TRIGGER"].params.get("RELATED", "START")),
                    "description": str(alarm.get("DESCRIPTION"))} for alarm in todo.walk("VALARM")],
    })
    for alarm in todo.walk("VALARM"):
        for name in ("ACTION", "TRIGGER", "DESCRIPTION"):
            if name not in alarm:
                problems.append(f"a VALARM lacks {name}")
    if "DTSTART" in todo and "DUE" in todo:
        start, due = todo.decoded("DTSTART"), todo.decoded("DUE")
        if type(start) is not type(due):
            problems.append("DTSTART and DUE are of different value types")
        elif due <= start:
            problems.append("DUE is not later than DTSTART")
uids = [t["uid"] for t in todos]
if len(set(uids)) != len(uids):
    problems.append("two VTODOs share a UID")
print(json.dumps({"todos": todos, "problems": problems}, ensure_ascii=False))
