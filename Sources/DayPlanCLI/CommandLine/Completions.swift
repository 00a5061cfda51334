/// Shell completion scripts, made from the commands' specs when they are asked for: a command or option
/// added to the `commands` table is completed with no further work.
///
/// Each script completes command names, each command's options (long and short), an option's value by its
/// `ValueKind` (choices, folders, files, hours, and dates and tags through `dayplan completions --list`),
/// and positional arguments (day files and folders for `.paths`).
enum Completions {
    /// The shells there is a script for.
    enum Shell: String, CaseIterable {
        case bash, zsh, fish
    }

    /// The options `dayplan` itself takes before any command.
    static let topLevelOptions: [Option] = [.help, .version]

    /// The script for `shell`, completing `specs`.
    static func script(for shell: Shell, _ specs: [CommandSpec], version: String) -> String {
        switch shell {
        case .bash: bash(specs, version: version)
        case .zsh: zsh(specs, version: version)
        case .fish: fish(specs, version: version)
        }
    }

    /// What the scripts offer for a value of each kind, as the name of a case in their value function and
    /// its words (the choices of a `.choice`).
    static func action(_ kind: ValueKind) -> (name: String, words: [String]) {
        switch kind {
        case .paths: ("paths", [])
        case .folder: ("folder", [])
        case .file: ("file", [])
        case .date: ("date", [])
        case .hour: ("hour", [])
        case .choice(let choices): ("choice", choices)
        case .tag: ("tag", [])
        case .text: ("text", [])
        case .command: ("command", [])
        }
    }

    /// The first sentence of a help text, for the one-line descriptions shells show beside a candidate.
    static func firstSentence(_ text: String) -> String {
        var sentence = ""
        var previous: Character = " "
        for character in text {
            if character == " ", previous == "." || previous == "!" || previous == "?" { break }
            sentence.append(character)
            previous = character
        }
        return sentence
    }

    /// Every spelling of an option: `--write` and `-w`.
    static func names(_ option: Option) -> [String] {
        [option.name] + (option.short.map { ["-\($0)"] } ?? [])
    }

    // MARK: bash

    /// The bash script: one `case` per command, offering its options, then its options' values by the word
    /// before the cursor, then its arguments. Uses bash-completion's helpers when they are loaded.
    static func bash(_ specs: [CommandSpec], version: String) -> String {
        let commandNames = specs.map(\.name).joined(separator: " ")
        let topLevel = topLevelOptions.flatMap(names).joined(separator: " ")
        var cases = ""
        for spec in specs {
            cases += "    \(spec.name))\n"
            let valued = spec.allOptions.filter { $0.value != nil }
            if !valued.isEmpty {
                cases += "        case $prev in\n"
                for option in valued {
                    let (name, words) = action(option.value!.kind)
                    cases += "        \(names(option).joined(separator: "|"))) _dayplan_value \(([name] + words).joined(separator: " ")); return ;;\n"
                }
                cases += "        esac\n"
            }
            let options = spec.allOptions.flatMap(names).joined(separator: " ")
            if let arguments = spec.arguments {
                let (name, words) = action(arguments.kind)
                cases += "        if [[ $cur == -* ]]; then _dayplan_words \(options); return; fi\n"
                cases += "        _dayplan_value \(([name] + words).joined(separator: " "))\n"
            } else {
                cases += "        _dayplan_words \(options)\n"
            }
            cases += "        ;;\n"
        }
        return """
            # bash completion for dayplan, made by `dayplan completions bash` (dayplan \(version)) from the
            # commands' own descriptions. Load it in ~/.bashrc with
            #     source <(dayplan completions bash)
            # or save it as ~/.local/share/bash-completion/completions/dayplan. Works best with the
            # bash-completion package (file names with spaces, `--option=value`).

            # Offers the words that start with $cur.
            _dayplan_words() {
                mapfile -t COMPREPLY < <(compgen -W "$*" -- "$cur")
            }

            # Offers what a value of one kind can be: _dayplan_value KIND [CHOICE ...].
            _dayplan_value() {
                local kind=$1
                shift
                case $kind in
                paths)
                    if declare -F _filedir >/dev/null; then _filedir md; else
                        mapfile -t COMPREPLY < <(compgen -d -- "$cur"; compgen -f -X '!*.md' -- "$cur"); fi ;;
                folder)
                    if declare -F _filedir >/dev/null; then _filedir -d; else
                        mapfile -t COMPREPLY < <(compgen -d -- "$cur"); fi ;;
                file)
                    if declare -F _filedir >/dev/null; then _filedir; else
                        mapfile -t COMPREPLY < <(compgen -f -- "$cur"); fi ;;
                date)
                    local date dates=()
                    while IFS=$'\\t' read -r date _; do dates+=("$date"); done \\
                        < <(command dayplan completions --list dates 2>/dev/null)
                    _dayplan_words "${dates[*]}" ;;
                hour) _dayplan_words {0..23} ;;
                choice) _dayplan_words "$@" ;;
                tag)
                    # The plan folder: --dir on the line, else what dayplan finds itself.
                    local i dir=()
                    for ((i = 1; i < cword; i++)); do
                        [[ ${words[i]} == --dir ]] && dir=(--dir "${words[i + 1]}")
                        [[ ${words[i]} == --dir=* ]] && dir=(--dir "${words[i]#--dir=}")
                    done
                    local tags
                    tags=$(command dayplan completions --list tags "${dir[@]}" 2>/dev/null)
                    # `#` starts a comment in bash, so a tag typed without it is completed without it.
                    [[ $cur == '#'* ]] || tags=${tags//'#'/}
                    _dayplan_words "$tags" ;;
                command) _dayplan_words \(commandNames) ;;
                *) COMPREPLY=() ;;
                esac
            }

            _dayplan() {
                local cur prev words cword split
                if declare -F _init_completion >/dev/null; then
                    _init_completion -s || return
                else
                    words=("${COMP_WORDS[@]}")
                    cword=$COMP_CWORD
                    cur=${words[cword]}
                    prev=${words[cword - 1]}
                    # Without bash-completion, `--option=value` arrives as three words.
                    if [[ $cur == = ]]; then cur=; elif [[ $prev == = ]]; then prev=${words[cword - 2]}; fi
                fi
                local i command=
                for ((i = 1; i < cword; i++)); do
                    if [[ ${words[i]} != -* ]]; then command=${words[i]}; break; fi
                done
                case $command in
                '')
                    if [[ $cur == -* ]]; then _dayplan_words \(topLevel); else _dayplan_words \(commandNames); fi ;;
            \(cases)    esac
            }

            complete -F _dayplan dayplan

            """
    }

    // MARK: zsh

    /// Text for inside single quotes in zsh, and inside the brackets of an `_arguments` description.
    static func zshQuoted(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "'": result += "'\\''"
            case "[", "]": result += "\\" + String(character)
            default: result.append(character)
            }
        }
        return result
    }

    /// The `_arguments` action that completes a value of `kind`: a word list, or one of the script's functions
    /// (which pass on the options `_arguments` gives them).
    static func zshAction(_ kind: ValueKind) -> String {
        switch kind {
        case .paths: "_dayplan_paths"
        case .folder: "_files -/"
        case .file: "_files"
        case .date: "_dayplan_dates"
        case .hour: "(" + (0...23).map(String.init).joined(separator: " ") + ")"
        case .choice(let choices): "(" + choices.map(zshQuoted).joined(separator: " ") + ")"
        case .tag: "_dayplan_tags"
        case .text: " "
        case .command: "_dayplan_commands"
        }
    }

    /// The zsh script: `_arguments` specs per command, with descriptions; loads as an autoloaded `#compdef`
    /// function or when sourced.
    static func zsh(_ specs: [CommandSpec], version: String) -> String {
        func optionSpecs(_ options: [Option]) -> [String] {
            options.flatMap { option -> [String] in
                let everything = option.name == "--help" || option.name == "--version"
                let group = everything ? "(- *)" : (names(option).count > 1 ? "(\(names(option).joined(separator: " ")))" : "")
                let description = "[" + zshQuoted(firstSentence(option.help)) + "]"
                let value = option.value.map { ":\(zshQuoted($0.placeholder).replacingColons()):\(zshAction($0.kind))" } ?? ""
                return names(option).map { spelling in
                    let suffix = option.value == nil ? "" : (spelling.hasPrefix("--") ? "=" : "+")
                    return "'\(group)\(spelling)\(suffix)\(description)\(value)'"
                }
            }
        }
        let commandList = specs.map { "'\($0.name.replacingColons()):\(zshQuoted(firstSentence($0.summary)))'" }
            .joined(separator: "\n        ")
        var cases = ""
        for spec in specs {
            var lines = optionSpecs(spec.allOptions)
            if let arguments = spec.arguments {
                let repeated = arguments.placeholder.hasSuffix("...") ? "*" : "1"
                lines.append("'\(repeated):\(zshQuoted(arguments.placeholder).replacingColons()):\(zshAction(arguments.kind))'")
            }
            cases += "        \(spec.name))\n            _arguments -s -S \\\n                "
                + lines.joined(separator: " \\\n                ") + " && ret=0\n            ;;\n"
        }
        return """
            #compdef dayplan
            # zsh completion for dayplan, made by `dayplan completions zsh` (dayplan \(version)) from the
            # commands' own descriptions. Save it as _dayplan in a folder of $fpath before compinit runs:
            #     dayplan completions zsh > ~/.zfunc/_dayplan   # with fpath=(~/.zfunc $fpath) in ~/.zshrc
            # or load it after compinit with
            #     source <(dayplan completions zsh)

            # The commands, with their summaries.
            _dayplan_commands() {
                local -a commands
                commands=(
                    \(commandList)
                )
                _describe -t commands 'dayplan command' commands "$@"
            }

            # Day files and folders.
            _dayplan_paths() {
                _files "$@" -g '*.md(-.)'
            }

            # Today, tomorrow and the last days, as YYYY-MM-DD with a word for each.
            _dayplan_dates() {
                local -a dates
                dates=(${(f)"$(_call_program dates command dayplan completions --list dates 2>/dev/null)"})
                dates=(${dates//$'\t'/:})
                _describe -t dates 'day' dates "$@"
            }

            # The tags of the plan folder: --dir on the line, else the one dayplan finds itself.
            _dayplan_tags() {
                local -a dir tags
                local index=${words[(I)--dir]}
                (( index )) && dir=(--dir "${words[index + 1]}")
                [[ -n ${words[(r)--dir=*]} ]] && dir=(--dir "${${words[(r)--dir=*]}#--dir=}")
                tags=(${(f)"$(_call_program tags command dayplan completions --list tags $dir 2>/dev/null)"})
                # A tag typed without its `#` is completed without it.
                [[ $PREFIX == '#'* ]] || tags=(${tags#\\#})
                compadd "$@" -- $tags
            }

            _dayplan() {
                local curcontext=$curcontext state line ret=1
                _arguments -C \\
                    \(optionSpecs(topLevelOptions).joined(separator: " \\\n        ")) \\
                    '1: :_dayplan_commands' \\
                    '*:: :->command' && return 0
                case $state in
                command)
                    curcontext=${curcontext%:*:*}:dayplan-$words[1]:
                    case $words[1] in
            \(cases)        esac
                    ;;
                esac
                return ret
            }

            if [[ ${zsh_eval_context[-1]} == loadautofunc ]]; then
                _dayplan "$@"
            else
                compdef _dayplan dayplan
            fi

            """
    }

    // MARK: fish

    /// Text for inside single quotes in fish.
    static func fishQuoted(_ text: String) -> String {
        var result = ""
        for character in text {
            if character == "'" || character == "\\" { result += "\\" }
            result.append(character)
        }
        return result
    }

    /// The fish script: `complete` lines per command, conditioned on the command typed.
    static func fish(_ specs: [CommandSpec], version: String) -> String {
        func valueArguments(_ kind: ValueKind, label: String) -> String {
            switch kind {
            case .choice(let choices): "-x -a '(__dayplan_value choice \(fishQuoted(([label] + choices).joined(separator: " "))))'"
            case .text: "-x"
            case .file: "-r -F"
            default: "-x -a '(__dayplan_value \(action(kind).name))'"
            }
        }
        func optionLines(_ options: [Option], condition: String) -> [String] {
            options.map { option in
                var line = "complete -c dayplan -n '\(condition)'"
                if let short = option.short { line += " -s \(short)" }
                line += " -l \(option.name.dropFirst(2))"
                if let value = option.value { line += " " + valueArguments(value.kind, label: String(option.name.dropFirst(2))) }
                return line + " -d '\(fishQuoted(firstSentence(option.help)))'"
            }
        }
        var lines: [String] = []
        lines += optionLines(topLevelOptions, condition: "not __dayplan_command")
        for spec in specs {
            lines.append("complete -c dayplan -n 'not __dayplan_command' -a \(spec.name) -d '\(fishQuoted(firstSentence(spec.summary)))'")
        }
        for spec in specs {
            let condition = "__dayplan_command \(spec.name)"
            lines.append("")
            lines += optionLines(spec.allOptions, condition: condition)
            if let arguments = spec.arguments {
                if case .choice(let choices) = arguments.kind {
                    lines.append("complete -c dayplan -n '\(condition)' -a '\(fishQuoted(choices.joined(separator: " ")))'")
                } else if arguments.kind != .text {
                    lines.append("complete -c dayplan -n '\(condition)' -a '(__dayplan_value \(action(arguments.kind).name))'")
                }
            }
        }
        return """
            # fish completion for dayplan, made by `dayplan completions fish` (dayplan \(version)) from the
            # commands' own descriptions. Save it as ~/.config/fish/completions/dayplan.fish:
            #     dayplan completions fish > ~/.config/fish/completions/dayplan.fish

            # With no argument: whether a command has been typed. With NAME: whether that command has.
            function __dayplan_command
                set -l words (commandline -opc)
                for word in $words[2..-1]
                    if not string match -q -- '-*' $word
                        test (count $argv) -eq 0; or test "$word" = "$argv[1]"
                        return
                    end
                end
                return 1
            end

            # What a value of one kind can be.
            function __dayplan_value
                switch $argv[1]
                    case choice
                        # choice LABEL VALUE ...: each value, described by the label.
                        for value in $argv[3..-1]
                            printf '%s\\t%s\\n' $value $argv[2]
                        end
                    case paths
                        __fish_complete_suffix .md
                    case folder
                        __fish_complete_directories
                    case date
                        command dayplan completions --list dates 2>/dev/null
                    case hour
                        seq 0 23
                    case tag
                        set -l words (commandline -opc)
                        set -l dir
                        for index in (seq (count $words))
                            if test "$words[$index]" = --dir; and test $index -lt (count $words)
                                set dir --dir $words[(math $index + 1)]
                            else if string match -q -- '--dir=*' $words[$index]
                                set dir --dir (string replace -- '--dir=' '' $words[$index])
                            end
                        end
                        set -l tags (command dayplan completions --list tags $dir 2>/dev/null)
                        # A tag typed without its `#` is completed without it.
                        if string match -q -- '#*' (commandline -ct)
                            printf '%s\\n' $tags
                        else
                            string replace -- '#' '' $tags
                        end
                    case command
                        printf '%s\\n' \(specs.map(\.name).joined(separator: " "))
                end
            end

            complete -c dayplan -f
            \(lines.joined(separator: "\n"))

            """
    }
}

extension String {
    /// The string with each `:` escaped, for the parts of zsh completion specs that colons separate.
    func replacingColons() -> String {
        var result = ""
        for character in self {
            if character == ":" { result += "\\" }
            result.append(character)
        }
        return result
    }
}
