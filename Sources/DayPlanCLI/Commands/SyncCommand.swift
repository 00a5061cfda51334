import DayPlan
import DayPlanSync

/// `dayplan sync`: keeps the plan and a CalDAV task list (the phone's) in step, both ways (docs/sync.md).
enum SyncCommand {
    /// The word that runs it: `dayplan sync`.
    static let name = "sync"
    /// What it takes, for its help, argument parsing, completions and the man page.
    static let spec = CommandSpec(
        name: name,
        summary: "Sync the plan with a CalDAV task list (the phone's)",
        arguments: nil,
        about: """
            Keeps the plan and a CalDAV task list in step, both ways: the task list on the server that the
            phone's tasks app shows (Apple Reminders, Tasks.org or jtx Board with DAVx5, Thunderbird). The
            settings sync-url, sync-user and sync-password-env or sync-password-command in .dayplan/config
            say which list and how to log in; the password is never stored, passed on a command line, or
            printed. Requests go through the curl program.

            Sent: the tasks of today (the Backlog included) and of the days ahead, as to-dos with the same
            UIDs as export --format ics; new ones only while open. Taken back: a to-do completed or cancelled
            on the phone becomes [x] or [-] where its task stands; a title or due date changed there changes
            the task; a to-do made there is added to today's Backlog with @from: today, once; a to-do deleted
            there is named, and its task kept. A task changed on both sides is merged field by field against
            the last sync, as dayplan merge does (done beats moved on); a title or due date changed
            differently on both sides is a conflict: both sides keep their value, and it is reported on every
            sync until they agree.

            What was last synced is kept in .dayplan/sync.json. Two syncs at once run one after the other,
            and a run cut short converges on the next. The plan folder's lock is held only while day files
            are read and written, never while the server answers: other commands go on meanwhile, and what
            they change is merged. Nothing is
            changed, here or on the server, when the server cannot be reached, refuses the login, or does not
            answer as a CalDAV task list.
            """,
        options: DaySession.options + [.quiet],
        exitCodes: [(0, "in step"),
                     (1, "in step except for conflicts, reported (both values kept)"),
                     (2, "usage, settings, I/O or server error, or curl missing; nothing changed where it failed")])

    /// A title from the server as a message shows it: control characters as `\u{…}`, so that a NUL or a line break
    /// in it neither ends nor splits the line.
    static func shown(_ title: String) -> String {
        var text = ""
        for scalar in title.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F { text += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}" } else { text.unicodeScalars.append(scalar) }
        }
        return text
    }

    static func run(_ arguments: Arguments) -> ExitCode {
        var out = Output.standard
        var err = Output.error
        defer { out.flush(); err.flush() }
        func fail(_ message: String) -> ExitCode {
            err.line("dayplan sync: \(message)")
            return .failure
        }
        let quiet = arguments.flags.contains("--quiet")

        // The plan folder, its sync settings, and today's file under the plan folder's lock, held to the end.
        let planFolder: PlanFolder
        do {
            planFolder = try PlanFolder.find(dir: arguments.options["--dir"])
        } catch {
            return fail(error.message)
        }
        guard planFolder.isInitialized else {
            return fail("\(planFolder.path) has no .dayplan/ folder for the sync settings; run 'dayplan init' there first")
        }
        let settings: SyncSettings
        do {
            settings = try SyncSettings.load(planFolder)
        } catch {
            return fail(error.message)
        }
        // Syncs run one at a time (`.dayplan/sync.lock`, held to the end), so that two at once give the result of
        // one. The plan's lock is held only while day files are read and written, never while the server is asked.
        let syncLock: PlanLock
        do {
            syncLock = try PlanLock.takeSyncLock(in: planFolder)
        } catch {
            return fail("\(error.message); nothing changed")
        }
        defer { syncLock.release() }
        var state: SyncState
        do {
            state = try SyncStateFile.read(in: planFolder, collection: settings.url)
        } catch {
            return fail(error.message)
        }

        // A first reading, under the plan's lock, checks the plan before the server is asked anything.
        do {
            let session = try DaySession.open(arguments, writing: true)
            defer { session.release() }
            if case .failure(let failure) = PlanSide.read(session, state: state) { return fail(failure.message) }
        } catch {
            return fail(error.message)
        }

        // The server's side: what changed since the last sync (everything, the first time), with no lock held.
        let transport = CurlTransport(user: settings.user, password: settings.password, caFile: settings.caFile)
        let changes: SyncFetch.Changes
        do {
            changes = try SyncFetch.changes(since: state, settings: settings, transport: transport)
        } catch {
            return fail(error.message)
        }

        // The plan read again under its lock, as it is now (a command may have changed it while the server
        // answered), and merged on those values.
        let session: DaySession
        do {
            session = try DaySession.open(arguments, writing: true)
        } catch {
            return fail(error.message)
        }
        var sessionHeld = true
        defer { if sessionHeld { session.release() } }
        let today = session.file.day
        let plan: PlanSide
        switch PlanSide.read(session, state: state) {
        case .success(let read): plan = read
        case .failure(let failure): return fail(failure.message)
        }
        let dayFiles = plan.dayFiles
        var merge = SyncMerge(state: state, today: today, synced: plan.synced, elsewhere: plan.elsewhere, remote: changes.items,
                              removed: changes.removed, listedAll: changes.listedAll, collectionPath: settings.collectionPath)

        // The plan's files first: a run cut short after them finds the changes as the plan's own next time.
        var written: [(file: String, line: Int, summary: String)] = []
        let editedDays = Set(merge.changes.map(\.day)).union(merge.captures.isEmpty ? [] : [today])
        for day in editedDays.sorted() {
            var path: String
            var before: [UInt8]
            if day == today {
                path = session.file.path
                if let bytes = session.bytes {
                    before = bytes
                } else {
                    do {
                        before = try session.newDay().bytes
                    } catch {
                        return fail(error.message)
                    }
                }
            } else if let file = dayFiles[day] {
                (path, before) = file
            } else {
                continue
            }
            let result = SyncEdits.apply(merge.changes.filter { $0.day == day }, captures: day == today ? merge.captures : [],
                                         to: before, doneDate: planFolder.settings.writesDoneDate ? today : nil)
            for (uid, reason) in result.failed {
                merge.notApplied(uid: uid)
                err.line("dayplan sync: \(path): the server's change was not made: \(reason.message); it is tried again on the next sync")
            }
            guard result.bytes != before || session.bytes == nil && day == today && !result.made.isEmpty else { continue }
            do {
                if day == today { try session.write(result.bytes) } else { try FileSystem.replace(path, with: result.bytes) }
            } catch {
                return fail("\(error.message); the server was not changed")
            }
            for made in result.made {
                written.append((path, made.line, made.summary))
                if !quiet { out.line("\(path):\(made.line): \(made.summary) (from the server)") }
            }
        }

        session.release()
        sessionHeld = false

        // Then the server, with no lock held: each to-do created only where none is, replaced only if unchanged
        // since it was read.
        var exit = ExitCode.success
        let pushes = merge.pushes
        let requests = pushes.map { push in
            HTTPRequest(method: "PUT", url: settings.url(ofPath: push.href),
                        headers: ["Content-Type: text/calendar; charset=utf-8",
                                  push.ifMatch.map { "If-Match: \($0)" } ?? "If-None-Match: *"],
                        body: push.body)
        }
        var sent = 0, created = 0, notSent = 0
        do {
            let responses = try transport.send(requests)
            for (push, response) in zip(pushes, responses) {
                if (200..<300).contains(response.status) {
                    merge.pushed(push, etag: response.header("etag"))
                    sent += 1
                    if push.ifMatch == nil { created += 1 }
                } else {
                    merge.refused(push)
                    notSent += 1
                    if response.status == 412 {
                        if !quiet { out.line("\(push.title): changed on the server during this sync; the next sync merges it") }
                    } else {
                        err.line("dayplan sync: \(push.title): the server refused it (HTTP \(response.status)); it is sent again on the next sync")
                        exit = .failure
                    }
                }
            }
        } catch {
            err.line("dayplan sync: \(error.message); the plan's changes above are kept, and the next sync sends them")
            for push in pushes { merge.refused(push) }
            (sent, created, notSent) = (0, 0, pushes.count)
            exit = .failure
        }

        merge.state.syncToken = exit == .success || changes.token != nil ? changes.token : merge.state.syncToken
        do {
            let lock = try PlanLock.take(guarding: [session.file.path], exclusive: true, namedFrom: planFolder)
            defer { lock.release() }
            try SyncStateFile.write(merge.state, in: planFolder)
        } catch {
            return fail("\(error.message); the next sync starts from the last state it kept")
        }

        func place(_ day: Day, _ line: Int) -> String {
            let path = day == today ? session.file.path : dayFiles[day]?.path ?? "\(day)"
            return line > 0 ? "\(path):\(line)" : path
        }
        for conflict in merge.conflicts {
            err.line("\(place(conflict.day, conflict.line)): conflict: the \(conflict.field) is `\(conflict.local)` here and "
                     + "`\(conflict.remote)` on the server; both are kept; make them agree and sync again")
        }
        for refusal in merge.refusals {
            err.line("dayplan sync: the to-do `\(shown(refusal.title))` on the server (\(refusal.href)): \(refusal.reason); it stays "
                     + "as it is there and is not taken into the plan (change its title there)")
        }
        for unplaced in merge.unplaced {
            err.line("dayplan sync: \(unplaced.title): changed on the server, but no day file this sync reads holds the task; "
                     + "the change is kept and made when the task is found again")
        }
        for gone in merge.left where !quiet {
            out.line("\(gone.title): no day file this sync reads holds the task any more; its to-do stays on the server as it is")
        }
        for removal in merge.removals {
            out.line("\(place(removal.day, removal.line)): deleted on the server; the task stays in the plan: \(removal.title)")
        }
        if !quiet {
            // What was sent is what the server took; what it did not take is counted apart.
            out.line("synced with \(SyncSettings.withoutUserInfo(settings.url)): \(sent) sent (\(created) new)"
                     + (notSent > 0 ? ", \(notSent) not taken by the server" : "")
                     + ", \(written.count) changed here, \(merge.conflicts.count) conflict\(merge.conflicts.count == 1 ? "" : "s")")
        }
        if !written.isEmpty {
            out.flush()
            Hooks.after("post-sync", in: planFolder, Hooks.changes("sync", day: today, written), command: name, err: &err)
        }
        if exit == .success, !merge.conflicts.isEmpty || !merge.refusals.isEmpty { exit = .findings }
        return exit
    }
}
