import DayPlan
import DayPlanSync

/// The plan folder's sync settings made ready to use: the task list's URL split into its server and path, the
/// user, the password fetched from where the settings say (never from the settings file itself), and the
/// certificate file.
struct SyncSettings {
    /// The task list's URL, ending in `/`.
    let url: String
    /// `scheme://host[:port]`, for the addresses the server gives as paths.
    let origin: String
    /// The task list's path, canonical (`SyncMerge.canonicalHref`).
    let collectionPath: String
    /// The user; nil for a server without login.
    let user: String?
    /// The password; nil when the settings name no source.
    let password: String?
    /// The certificate file to trust, as curl reaches it; nil for the system's.
    let caFile: String?

    /// Reads the settings of `planFolder`; a missing URL, plain HTTP to another machine, or a password source that
    /// gives nothing is a failure saying what to set.
    static func load(_ planFolder: PlanFolder) throws(HTTPFailure) -> SyncSettings {
        let settings = planFolder.settings
        guard var url = settings.syncURL else {
            throw HTTPFailure(message: "no task list to sync with: set sync-url (and sync-user, sync-password-env or "
                              + "sync-password-command) in \(planFolder.path(of: PlanFolder.settingsFile)); see docs/sync.md")
        }
        if !url.hasSuffix("/") { url += "/" }
        let bytes = Array(url.utf8)
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { throw HTTPFailure(message: "sync-url `\(url)` is not a URL") }
        let scheme = String(decoding: bytes[..<colon], as: UTF8.self).lowercased()
        let rest = bytes[(colon + 3)...]
        let slash = rest.firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
        let authority = String(decoding: rest[rest.startIndex..<slash], as: UTF8.self)
        // A user or password inside the URL would be kept with the sync's state and shown in messages: refused, as
        // the settings have their own keys for both (the password never in a file).
        guard !authority.contains("@") else {
            throw HTTPFailure(message: "sync-url `\(withoutUserInfo(url))` holds a user name or password before its host; write the URL "
                              + "without them, the user as sync-user and the password in sync-password-env or sync-password-command")
        }
        guard !authority.isEmpty else { throw HTTPFailure(message: "sync-url `\(withoutUserInfo(url))` names no server") }
        let host = authority.hasPrefix("[") ? String(authority.prefix { $0 != "]" }) + "]" : String(authority.prefix { $0 != ":" })
        if scheme == "http", !["localhost", "[::1]"].contains(host.lowercased()), !host.hasPrefix("127.") {
            throw HTTPFailure(message: "sync-url `\(withoutUserInfo(url))` is plain http to another machine, which would send "
                              + "the password and the plan unencrypted; use https:// (http:// is for a server on this machine)")
        }
        let origin = scheme + "://" + authority
        var password: String?
        if let variable = settings.syncPasswordEnvironment {
            guard let value = Clock.environment(variable), !value.isEmpty else {
                throw HTTPFailure(message: "the password comes from the environment variable \(variable) (sync-password-env), "
                                  + "which is not set")
            }
            password = value
        } else if let command = settings.syncPasswordCommand {
            password = try passwordFromCommand(command)
        }
        var caFile = settings.syncCAFile
        if let file = caFile, !file.hasPrefix("/") { caFile = FileSystem.join(planFolder.absolutePath, file) }
        if let file = caFile, FileSystem.kind(of: file) != .file {
            throw HTTPFailure(message: "\(file): no such certificate file (sync-ca-file)")
        }
        return SyncSettings(url: url, origin: origin, collectionPath: SyncMerge.canonicalHref(String(decoding: rest[slash...], as: UTF8.self)),
                            user: settings.syncUser, password: password, caFile: caFile)
    }

    /// The URL of a path on the server, from a canonical address.
    func url(ofPath path: String) -> String {
        origin + SyncMerge.encodedPath(path)
    }

    /// `url` without a `user:password@` in it, to be shown.
    static func withoutUserInfo(_ url: String) -> String {
        guard let schemeEnd = url.firstIndex(of: "/").map({ url.index($0, offsetBy: 2, limitedBy: url.endIndex) ?? $0 }) ?? nil else { return url }
        let rest = url[schemeEnd...]
        let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        guard let at = rest[..<authorityEnd].lastIndex(of: "@") else { return url }
        return String(url[..<schemeEnd]) + String(rest[rest.index(after: at)...])
    }

    /// The first line a password command prints (`/bin/sh -c COMMAND`, standard error passed on, as `pass` asks
    /// for its passphrase there); its failure names the command, never what it printed.
    private static func passwordFromCommand(_ command: String) throws(HTTPFailure) -> String {
        // Two minutes: long enough to type a passphrase, short enough that a timer's run never hangs.
        let run = ChildProcess.capture(["/bin/sh", "-c", command], timeout: 120, errors: .shownToThePerson, limit: 65_536)
        if let why = run.failedToStart { throw HTTPFailure(message: "cannot run sync-password-command: \(why)") }
        let status = run.timedOut ? -1 : run.status
        let output = run.output
        guard status == 0 else { throw HTTPFailure(message: "sync-password-command `\(command)` failed, so there is no password; nothing changed") }
        let line = output.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).first ?? []
        let password = String(decoding: line, as: UTF8.self).trimmingCharacters
        guard !password.isEmpty else { throw HTTPFailure(message: "sync-password-command `\(command)` printed no password") }
        return password
    }
}
