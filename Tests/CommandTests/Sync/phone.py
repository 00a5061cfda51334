# The "phone" of the sync tests: an independent CalDAV client (Python's caldav library) acting on the task list
# the way a tasks app on a phone would. Usage: phone.py URL USER PASSWORD ACTION [ARGS...] [-- ACTION [ARGS...]]...
#   mkcal               make the task list at URL (a calendar for to-dos)
#   list                print each to-do as SUMMARY|STATUS|DUE, sorted
#   complete SUMMARY    mark the to-do titled SUMMARY completed
#   rename OLD NEW      change a to-do's title
#   add SUMMARY...      make a new to-do for each SUMMARY
#   delete SUMMARY      delete a to-do
#   cancel SUMMARY      set a to-do's STATUS to CANCELLED
#   due SUMMARY DAY     set a to-do's DUE to DAY (YYYY-MM-DD, a date)
#   show SUMMARY        print a to-do's DTSTART (and whether it has a time of day), PRIORITY and its VALARMs' triggers
import sys, caldav
url, user, password = sys.argv[1:4]
client = caldav.DAVClient(url=url, username=user, password=password)

def run(action, args):
    if action == "mkcal":
        base, name = url.rstrip("/").rsplit("/", 1)
        principal = caldav.DAVClient(url=base + "/", username=user, password=password).principal()
        principal.make_calendar(name=name, cal_id=name, supported_calendar_component_set=["VTODO"])
        return
    cal = client.calendar(url=url)
    todos = cal.todos(include_completed=True)
    def find(summary):
        for t in todos:
            if str(t.icalendar_component.get("SUMMARY")) == summary:
                return t
        sys.exit("no to-do titled " + summary)
    if action == "list":
        rows = []
        for t in todos:
            c = t.icalendar_component
            due = c.get("DUE")
            rows.append("%s|%s|%s\n" % (c.get("SUMMARY"), c.get("STATUS"), due.dt.isoformat() if due else ""))
        sys.stdout.write("".join(sorted(rows)))
    elif action == "complete":
        find(args[0]).complete()
    elif action == "rename":
        t = find(args[0]); t.icalendar_component["SUMMARY"] = args[1]; t.save()
    elif action == "add":
        for summary in args:
            cal.save_todo(summary=summary)
    elif action == "delete":
        find(args[0]).delete()
    elif action == "cancel":
        t = find(args[0]); t.icalendar_component["STATUS"] = "CANCELLED"; t.save()
    elif action == "due":
        import datetime
        t = find(args[0]); c = t.icalendar_component
        c.pop("DUE", None)
        c.add("DUE", datetime.date.fromisoformat(args[1]))
        start = c.get("DTSTART")
        if start is not None and not hasattr(start.dt, "hour") and start.dt >= datetime.date.fromisoformat(args[1]):
            c.pop("DTSTART")
        t.save()
    elif action == "show":
        c = find(args[0]).icalendar_component
        start = c.get("DTSTART")
        timed = start is not None and hasattr(start.dt, "hour")
        alarms = [str(a.get("TRIGGER").to_ical().decode()) for a in c.walk("VALARM")]
        sys.stdout.write("DTSTART=%s timed=%s PRIORITY=%s VALARM=%s\n" % (
            start.dt.isoformat() if start is not None else "", timed, c.get("PRIORITY"), ",".join(alarms)))
    elif action == "property":
        # One property of a to-do as the server holds it (empty when it has none): NAME TITLE.
        value = find(args[1]).icalendar_component.get(args[0])
        sys.stdout.write("%s\n" % (value.to_ical().decode() if value is not None else ""))
    else:
        sys.exit("unknown action " + action)

# Several actions in one run, separated by `--`, so that a test starts Python once for them.
words = sys.argv[4:]
while words:
    end = words.index("--") if "--" in words else len(words)
    run(words[0], words[1:end])
    words = words[end + 1:]
