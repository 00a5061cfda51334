/// Test hook for the commands that write: `DAYPLAN_FAULT=<point>` makes the process kill itself with SIGKILL
/// when it reaches that point, so that tests can check that a run cut short there leaves every file as it was
/// or as a whole run leaves it, for the next run to complete. Not meant for people.
///
/// The points: `rollover` has `before-target-rename`, `after-target-write` and `before-source-rename`;
/// `fmt --write` has `before-rename` (a temporary file complete and flushed, not yet renamed over the file)
/// and `after-rename` (the first file replaced); `import` has `import-before-renames` (every day staged and
/// flushed, none put in place) and `import-between-renames` (the first day put in place); `start` has
/// `start-between-writes` (the day before's running task stopped and written, today's file not yet). Two points are not a
/// kill: `failed-check` makes rollover's check of the files it computed fail, as a bug in rollover would, and
/// `import-failed-write` makes import's write of its last day fail as a full disk would, once the others are staged.
enum FaultHook {
    /// Dies here with SIGKILL when `DAYPLAN_FAULT` names `point`.
    static func crash(at point: String) {
        guard isSet(point) else { return }
        kill(getpid(), SIGKILL)
    }

    /// Whether `DAYPLAN_FAULT` names `point`.
    static func isSet(_ point: String) -> Bool {
        Clock.environment("DAYPLAN_FAULT") == point
    }
}
