import Foundation
import Testing

/// The commands and their options as `dayplan help` prints them: what every script must complete.
enum HelpListing {
    /// The command names of the overview.
    static func commands() throws -> [String] {
        let overview = try Binary.run(["help"]).stdout
        let listed = overview.components(separatedBy: "COMMANDS:\n").last?.components(separatedBy: "\n\n").first ?? ""
        return listed.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    /// Each command's name and one-line summary, as the overview lists them.
    static func summaries() throws -> [(String, String)] {
        let overview = try Binary.run(["help"]).stdout
        let listed = overview.components(separatedBy: "COMMANDS:\n").last?.components(separatedBy: "\n\n").first ?? ""
        return listed.split(separator: "\n").map { line in
            let words = line.split(separator: " ", maxSplits: 1)
            return (String(words[0]), words.count > 1 ? words[1].trimmingCharacters(in: .whitespaces) : "")
        }
    }

    /// Every spelling (`-w`, `--write`) of every option of `command`, from its help.
    static func options(of command: String) throws -> Set<String> {
        let help = try Binary.run(["help", command]).stdout
        let section = help.components(separatedBy: "OPTIONS:\n").last?.components(separatedBy: "\n\n").first ?? ""
        var names = Set<String>()
        for line in section.split(separator: "\n") where line.hasPrefix("  -") {
            let head = line.dropFirst(2).components(separatedBy: "  ")[0]
            for word in head.split(whereSeparator: { $0 == " " || $0 == "," }) where word.hasPrefix("-") {
                names.insert(String(word))
            }
        }
        return names
    }
}

/// A plan folder to complete in: a day file, another file and a subfolder.
func completionFolder() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try folder.write("2026-11-21.md", "# 2026-11-21\n\n## Morning\n* [ ] Write the talk #work #home/garden\n\n## Backlog\n- [ ] Renew passport #admin\n")
    try folder.write("notes.txt", "not a day file\n")
    try folder.write("archive/2026-11-20.md", "# 2026-11-20\n\n## Evening\n- [x] Call mum #family\n")
    return folder
}

/// DAYPLAN_NOW for 2026-11-23 12:00 UTC, a Monday.
let monday = ["DAYPLAN_NOW": "1795435200"]

@Suite(.tags(.slow)) struct CompletionsListTests {
    @Test func datesAreTodayTomorrowAndTheLastDaysWithTheirNames() throws {
        let run = try Binary.run(["completions", "--list", "dates"], environment: monday)
        #expect(run.status == 0)
        #expect(run.stdout == """
            2026-11-23\ttoday
            2026-11-24\ttomorrow
            2026-11-22\tyesterday
            2026-11-21\tSaturday
            2026-11-20\tFriday
            2026-11-19\tThursday
            2026-11-18\tWednesday
            2026-11-17\tTuesday

            """)
    }

    @Test func tagsAreThoseOfThePlanFoldersTasksEachOnce() throws {
        let folder = try completionFolder()
        // A tag in a note or a journal is not a task's tag; the same tag twice is listed once.
        try folder.write("2026-11-22.md", "# 2026-11-22\n\n## Morning\n- [ ] Plan #work\n  see #not-a-tag-in-notes\n\n## Journal\n#journal-only\n")
        try folder.write(".hidden/2026-11-19.md", "# 2026-11-19\n\n## Morning\n- [ ] Secret #hidden\n")
        let here = try Binary.run(["completions", "--list", "tags"], in: folder.url)
        #expect(here.status == 0)
        #expect(here.stdout == "#admin\n#family\n#home/garden\n#work\n")
        let named = try Binary.run(["completions", "--list", "tags", "--dir", folder.url.path])
        #expect(named.stdout == here.stdout)
        let fromEnvironment = try Binary.run(["completions", "--list", "tags"], environment: ["DAYPLAN_DIR": folder.url.path])
        #expect(fromEnvironment.stdout == here.stdout)
    }

    @Test func aDayFileThatCannotBeReadIsNamedAndTheOthersStillCount() throws {
        let folder = try completionFolder()
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("2026-11-10.md").path,
                                                   withDestinationPath: "nowhere.md")
        let run = try Binary.run(["completions", "--list", "tags"], in: folder.url)
        #expect(run.status == 0)
        #expect(run.stdout == "#admin\n#family\n#home/garden\n#work\n")
        #expect(run.stderr.hasPrefix("dayplan completions: warning: ./2026-11-10.md"), "\(run.stderr)")
    }

    @Test func aMissingShellOrFolderIsAUsageError() throws {
        let none = try Binary.run(["completions"])
        #expect(none.status == 2)
        #expect(none.stderr.hasPrefix("dayplan completions: name a shell: bash, zsh or fish"))
        let unknown = try Binary.run(["completions", "tcsh"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("dayplan completions: unknown shell 'tcsh'; use bash, zsh or fish"))
        let missing = try Binary.run(["completions", "--list", "tags", "--dir", "/nonexistent/plans"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("/nonexistent/plans"))
    }
}

/// Each script in its real shell: bash with bash-completion, zsh -f with compinit, fish.
@Suite(.tags(.slow)) struct CompletionScriptTests {
    static let bash = installedProgram("bash")
    static let bashCompletion = ["/usr/share/bash-completion/bash_completion", "/usr/local/share/bash-completion/bash_completion",
                                 "/opt/homebrew/share/bash-completion/bash_completion"]
        .first { FileManager.default.fileExists(atPath: $0) }
    static let zsh = installedProgram("zsh")
    static let fish = installedProgram("fish")

    /// The candidates `shell` offers for `line` in `folder`, sorted, each once.
    static func complete(_ shell: String, _ line: String, in folder: TemporaryFolder,
                         setup: String = "") throws -> [String] {
        let script = try #require(try Binary.run(["completions", shell]).stdout.data(using: .utf8))
        let scriptPath = folder.url.appendingPathComponent(".dayplan-completion.\(shell)").path
        try script.write(to: URL(fileURLWithPath: scriptPath))
        let result: (status: Int32, output: String)
        switch shell {
        case "bash":
            let program = """
                source \(try #require(bashCompletion))
                source \(scriptPath)
                \(setup)
                COMP_LINE=$1
                COMP_POINT=${#COMP_LINE}
                read -ra COMP_WORDS <<< "$COMP_LINE"
                [[ $COMP_LINE == *' ' ]] && COMP_WORDS+=('')
                COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
                _dayplan dayplan "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            result = try runProgram(try #require(bash), ["-c", program, "bash", line], in: folder.url, environment: monday)
        case "zsh":
            let capture = Repository.url("Tests/CommandTests/Completions/capture.zsh").path
            result = try runProgram(try #require(zsh), ["-f", capture, scriptPath, line] + (setup.isEmpty ? [] : [setup]),
                                    in: folder.url, environment: monday)
        default:
            result = try runProgram(try #require(fish), ["--no-config", "-c", "source \(scriptPath); \(setup); complete -C $argv[1]", line],
                                    in: folder.url, environment: monday)
        }
        #expect(result.status == 0, "\(shell): \(result.output)")
        // fish writes a description after a tab.
        let words = result.output.split(separator: "\n").map { String($0.split(separator: "\t", maxSplits: 1).first ?? "") }
        return Array(Set(words.filter { !$0.isEmpty })).sorted()
    }

    /// Completes a command, an option, an option's choices, a day file, a folder and a date.
    func completesEverythingOnce(_ shell: String) throws {
        let folder = try completionFolder()
        #expect(try Self.complete(shell, "dayplan ro", in: folder) == ["rollover"])
        #expect(try Self.complete(shell, "dayplan rollover --d", in: folder) == ["--date", "--day-starts-at", "--dir", "--dry-run"])
        #expect(try Self.complete(shell, "dayplan lint --format ", in: folder) == ["github", "json", "text"])
        #expect(try Self.complete(shell, "dayplan lint 2026", in: folder) == ["2026-11-21.md"])
        #expect(try Self.complete(shell, "dayplan fmt ar", in: folder).map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 } == ["archive"])
        #expect(try Self.complete(shell, "dayplan rollover --dir ", in: folder).map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 } == ["archive"])
        #expect(try Self.complete(shell, "dayplan rollover --date 2026-11-2", in: folder) == ["2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23", "2026-11-24"])
        #expect(try Self.complete(shell, "dayplan help li", in: folder) == ["lint"])
        #expect(try Self.complete(shell, "dayplan completions ", in: folder) == ["bash", "fish", "zsh"])
    }

    /// Every option of every command, as its help lists it, is what `dayplan COMMAND -` completes: nothing
    /// missing, nothing extra, so a new option cannot be forgotten.
    func completesEveryOptionOfEveryCommand(_ shell: String) throws {
        let folder = try completionFolder()
        let commands = try HelpListing.commands()
        #expect(commands.contains("fmt") && commands.contains("completions"))
        #expect(try Self.complete(shell, "dayplan ", in: folder) == commands.sorted())
        for command in commands {
            let expected = try HelpListing.options(of: command)
            #expect(expected.contains("--help"))
            let offered = try Self.complete(shell, "dayplan \(command) -", in: folder)
            // fish lists a short option only when the word typed is `-` alone, as here; so does everyone else.
            #expect(Set(offered) == expected, "\(shell) \(command)")
        }
    }

    @Test(.enabled(if: bash != nil && bashCompletion != nil, "bash or bash-completion is not installed"))
    func bashCompletes() throws {
        try completesEverythingOnce("bash")
        let folder = try completionFolder()
        // `--option=value`, split by bash-completion.
        #expect(try Self.complete("bash", "dayplan lint --format=j", in: folder) == ["json"])
        // Tags: bare when typed bare; with `#` when it is typed, escaped (`#` would start a comment) unless
        // typed after a quote.
        #expect(try Self.complete("bash", "dayplan x", in: folder, setup: "cur=h; cword=1; words=(dayplan); _dayplan_value tag; printf '%s\\n' \"${COMPREPLY[@]}\"; exit") == ["home/garden"])
        #expect(try Self.complete("bash", "dayplan x", in: folder, setup: "cur='#w'; cword=1; words=(dayplan); _dayplan_value tag; printf '%s\\n' \"${COMPREPLY[@]}\"; exit") == ["\\#work"])
        #expect(try Self.complete("bash", "dayplan x", in: folder, setup: "cur=\"'#w\"; cword=1; words=(dayplan); _dayplan_value tag; printf '%s\\n' \"${COMPREPLY[@]}\"; exit") == ["#work"])
    }

    @Test(.enabled(if: bash != nil, "bash is not installed"))
    func bashCompletesWithoutBashCompletionToo() throws {
        let folder = try completionFolder()
        let script = folder.url.appendingPathComponent(".dayplan-completion.bash")
        try Binary.run(["completions", "bash"]).stdoutBytes.withUnsafeBytes { try Data($0).write(to: script) }
        // Words as bash splits them without bash-completion: `--format=j` is three.
        let program = """
            source \(script.path)
            complete_words() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=(); _dayplan; echo "${COMPREPLY[*]}"; }
            complete_words dayplan ro
            complete_words dayplan lint --format = j
            complete_words dayplan lint 20
            complete_words dayplan rollover --dir ""
            """
        let run = try runProgram(try #require(Self.bash), ["-c", program], in: folder.url, environment: monday)
        #expect(run.output == "rollover\njson\n2026-11-21.md\narchive\n")
    }

    @Test(.enabled(if: bash != nil && bashCompletion != nil, "bash or bash-completion is not installed"))
    func bashCompletesEveryOption() throws {
        try completesEveryOptionOfEveryCommand("bash")
    }

    @Test(.enabled(if: zsh != nil, "zsh is not installed"))
    func zshCompletes() throws {
        try completesEverythingOnce("zsh")
        let folder = try completionFolder()
        #expect(try Self.complete("zsh", "dayplan lint --format=j", in: folder) == ["json"])
        // Tags, through a command whose --tag takes one (no dayplan command has such an option yet).
        let tagged = "_tagged() { _arguments '--tag=[a tag]:TAG:_dayplan_tags' }; compdef _tagged tagged"
        #expect(try Self.complete("zsh", "tagged --tag h", in: folder, setup: tagged) == ["home/garden"])
        #expect(try Self.complete("zsh", "tagged --tag '#w", in: folder, setup: tagged) == ["#work"])
    }

    @Test(.enabled(if: zsh != nil, "zsh is not installed"))
    func zshCompletesEveryOption() throws {
        try completesEveryOptionOfEveryCommand("zsh")
    }

    @Test(.enabled(if: fish != nil, "fish is not installed"))
    func fishCompletes() throws {
        try completesEverythingOnce("fish")
        let folder = try completionFolder()
        #expect(try Self.complete("fish", "dayplan lint --format=j", in: folder) == ["--format=json"])
        #expect(try Self.complete("fish", "dayplan x", in: folder, setup: "__dayplan_value tag; exit") == ["admin", "family", "home/garden", "work"])
    }

    @Test(.enabled(if: fish != nil, "fish is not installed"))
    func fishCompletesEveryOption() throws {
        try completesEveryOptionOfEveryCommand("fish")
    }
}
