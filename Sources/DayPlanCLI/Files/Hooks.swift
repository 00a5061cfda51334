import DayPlan
import DayPlanJSON

/// The plan folder's hooks (docs/hooks.md): executables in `.dayplan/hooks/`, named for when they run
/// (`pre-rollover`, `post-rollover`, `post-add`, `post-mark`, `post-move`, `post-review`, `post-start`, `post-stop`, `post-resolve`, `post-sync`), given one
/// JSON object on standard input that says what changed. Run in the plan folder, with `DAYPLAN_HOOK` and
/// `DAYPLAN_DIR` set; what a hook prints on standard output goes to dayplan's standard error, its standard error
/// is passed on too, and a hook that runs past the limit (`DAYPLAN_HOOK_TIMEOUT` seconds, default 10) is killed,
/// with every process it started.
enum Hooks {
    /// The hooks' folder inside the plan folder.
    static let folder = ".dayplan/hooks"
    /// Every hook dayplan runs, in the order docs/hooks.md lists them.
    static let names = ["pre-rollover", "post-rollover", "post-add", "post-mark", "post-move", "post-review", "post-start", "post-stop", "post-resolve", "post-sync"]
    /// How long a hook may run, in seconds, before it is killed.
    static var timeout: Int {
        Clock.environment("DAYPLAN_HOOK_TIMEOUT").flatMap { Int($0) }.map { max(1, $0) } ?? 10
    }

    /// What running one hook did.
    struct Outcome {
        /// The hook as messages name it: `.dayplan/hooks/post-add`.
        let path: String
        /// Its exit status (128 + the signal when a signal ended it).
        let status: Int32
        /// Whether it ran past the limit and was killed.
        let timedOut: Bool
        /// Whether it could not be started at all, and why.
        let failedToStart: String?
        /// Whether it ran and exited 0.
        var succeeded: Bool { failedToStart == nil && !timedOut && status == 0 }

        /// The line saying why it failed, for standard error; nil when it succeeded.
        var failure: String? {
            if let failedToStart { return "hook \(path) could not be run: \(failedToStart)" }
            if timedOut { return "hook \(path) ran past \(Hooks.timeout) seconds and was killed" }
            return status == 0 ? nil : "hook \(path) failed with exit status \(status)"
        }
    }

    /// Runs the hook `name` of `planFolder` with `fields` (after `hook` and `planFolder`) as its JSON input; its
    /// standard error goes to `err`. Nil when the plan folder has no such hook; a file there that is not executable
    /// is named in a warning and not run, as git does.
    static func run(_ name: String, in planFolder: PlanFolder, _ fields: [JSONValue.Member], err: inout Output) -> Outcome? {
        guard planFolder.isInitialized else { return nil }
        let shown = planFolder.path(of: FileSystem.join(folder, name))
        let hook = FileSystem.join(planFolder.absolutePath, FileSystem.join(folder, name))
        guard FileSystem.kind(of: hook) == .file else { return nil }
        guard access(hook, X_OK) == 0 else {
            err.line("dayplan: warning: hook \(shown) is not executable, so it was not run (chmod +x it to run it)")
            return nil
        }
        let input = JSONValue.object([.init("hook", .string(name)), .init("planFolder", .string(planFolder.absolutePath))] + fields)
            .serialized() + [UInt8(ascii: "\n")]
        let environment = ChildProcess.environment(removing: ["DAYPLAN_HOOK", "DAYPLAN_DIR"])
            + ["DAYPLAN_HOOK=\(name)", "DAYPLAN_DIR=\(planFolder.absolutePath)"]
        // Started in the plan folder through the shell (the C library's chdir for posix_spawn is not in Swift's view
        // of it), which then becomes the hook; the paths are its arguments, never read as shell words.
        let words = ["/bin/sh", "-c", "cd \"$1\" && exec \"$2\"", "dayplan-hook", planFolder.absolutePath, hook]
        let outcome = ChildProcess.run(words, input: input, environment: environment, timeout: timeout, err: &err)
        return Outcome(path: shown, status: outcome.status, timedOut: outcome.timedOut, failedToStart: outcome.failedToStart)
    }

    /// The input of `post-add`, `post-mark`, `post-move`, `post-review`, `post-start` and `post-stop`: the command, the day, and each change with its file,
    /// line and the summary the command printed.
    static func changes(_ command: String, day: Day, _ changes: [(file: String, line: Int, summary: String)]) -> [JSONValue.Member] {
        [.init("command", .string(command)), .init("day", .string("\(day)")),
         .init("changes", .array(changes.map { change in
             .object([.init("file", .string(change.file)), .init("line", .integer(change.line)),
                      .init("summary", .string(change.summary))])
         }))]
    }

    /// Runs a `post-` hook after a write and reports a failure on standard error: the write stands whatever it does.
    static func after(_ name: String, in planFolder: PlanFolder, _ fields: [JSONValue.Member], command: String, err: inout Output) {
        guard let outcome = run(name, in: planFolder, fields, err: &err), let failure = outcome.failure else { return }
        err.line("dayplan \(command): warning: \(failure); what \(command) wrote stands")
    }
}
