/// Shell completion scripts, made from the commands' specs when they are asked for: a command or option
/// added to the `commands` table is completed with no further work.
///
/// Each script completes command names, each command's options (long and short), an option's value by its
/// `ValueKind` (choices, folders, files, hours, and dates and tags through `dayplan completions --list`),
/// and positional arguments word by word (day files and folders for `.paths`; for `mark`, a status and then one
/// of the day's task titles, through `dayplan completions --list tasks`).
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

    /// What one positional word is completed with: a value kind, or the titles of the day's tasks.
    enum Candidates: Equatable {
        case kind(ValueKind)
        /// The titles of the tasks of the day's file (`--date`'s, else today's), as `mark` and `move` take them.
        case task
    }

    /// One positional word of a command: its placeholder, what completes it, and whether it may be left out
    /// or repeated.
    struct Positional {
        let placeholder: String
        let candidates: Candidates
        let optional: Bool
        let repeated: Bool
    }

    /// The positional words a command's placeholder names, one by one: `BASE OURS THEIRS [PATH]` is four files
    /// (the last optional), `PATH ...` any number of paths, `done|doing|todo|cancel TASK` a choice and then a
    /// task title. A word with `|` is a choice, the word `TASK` a task's title, any other word the value's kind.
    static func positionals(_ value: Value) -> [Positional] {
        var result: [Positional] = []
        for word in value.placeholder.split(separator: " ").map(String.init) {
            if word == "...", let last = result.popLast() {
                result.append(Positional(placeholder: last.placeholder, candidates: last.candidates, optional: true, repeated: true))
                continue
            }
            let optional = word.hasPrefix("[") && word.hasSuffix("]")
            let name = optional ? String(word.dropFirst().dropLast()) : word
            let candidates: Candidates
            if name == "TASK" {
                candidates = .task
            } else if name.contains("|") {
                candidates = .kind(.choice(name.split(separator: "|").map(String.init)))
            } else {
                candidates = .kind(value.kind)
            }
            result.append(Positional(placeholder: name, candidates: candidates, optional: optional, repeated: false))
        }
        return result
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
                cases += "        if [[ $cur == -* ]]; then _dayplan_words \(options); return; fi\n"
                let positionals = positionals(arguments)
                if positionals.count == 1 {
                    cases += "        \(bashValue(positionals[0].candidates))\n"
                } else {
                    // Which positional word the cursor is on, past the options and their values.
                    cases += "        _dayplan_position \(valued.flatMap(names).joined(separator: " "))\n"
                    cases += "        case $position in\n"
                    for (index, positional) in positionals.enumerated() {
                        cases += "        \(positional.repeated ? "*" : String(index))) \(bashValue(positional.candidates)) ;;\n"
                    }
                    if positionals.last?.repeated != true { cases += "        *) COMPREPLY=() ;;\n" }
                    cases += "        esac\n"
                }
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

            # Offers a candidate that may hold blanks, quotes or `#` (a comment's start), spelled for where it goes: after
            # an opening ' each ' as '\\'', after an opening " with \\ " $ ` escaped, else each escaped (`\\#home`).
            _dayplan_quoted() {
                local text=$1
                case $cur in
                \\'*) COMPREPLY+=("${text//\\'/\\'\\\\\\'\\'}") ;;
                \\"*)
                    text=${text//\\\\/\\\\\\\\}
                    text=${text//\\"/\\\\\\"}
                    text=${text//\\$/\\\\\\$}
                    text=${text//\\`/\\\\\\`}
                    # Readline closes the quote unless the text already ends with it, as `\\"` does.
                    [[ $text == *\\" ]] && text+=\\"
                    COMPREPLY+=("$text") ;;
                *) COMPREPLY+=("$(printf '%q' "$text")") ;;
                esac
            }

            # Sets $value to the value of option $1 given on the line (`--dir x`, `--dir=x`); fails when none is.
            _dayplan_option() {
                local i
                value=
                for ((i = 1; i < cword; i++)); do
                    if [[ ${words[i]} == "$1" ]]; then
                        value=${words[i + 1]}
                        [[ $value == = ]] && value=${words[i + 2]}
                    elif [[ ${words[i]} == "$1"=* ]]; then
                        value=${words[i]#"$1"=}
                    fi
                done
                [[ -n $value ]]
            }

            # Sets $position to the number of positional words before the cursor, after the command's name;
            # the arguments are the command's options that take a value (their value is no positional word).
            _dayplan_position() {
                local i skip=0 valued=" $* "
                position=0
                for ((i = command_index + 1; i < cword; i++)); do
                    if [[ ${words[i]} == = ]]; then skip=1; continue; fi
                    if ((skip)); then skip=0; continue; fi
                    case ${words[i]} in
                    -*=*) ;;
                    -*) [[ $valued == *" ${words[i]} "* ]] && skip=1 ;;
                    *) ((position++)) ;;
                    esac
                done
            }

            # Offers what a value of one kind can be: _dayplan_value KIND [CHOICE ...].
            _dayplan_value() {
                local kind=$1 value
                # What is typed, without an opening quote or backslashes, to match candidates against.
                local typed=${cur#[\\'\\"]}
                typed=${typed//\\\\/}
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
                    local dir=()
                    _dayplan_option --dir && dir=(--dir "$value")
                    local tag
                    COMPREPLY=()
                    while IFS= read -r tag; do
                        # A tag typed without its `#` is completed without it.
                        [[ $typed == '#'* ]] || tag=${tag#'#'}
                        [[ $tag == "$typed"* ]] && _dayplan_quoted "$tag"
                    done < <(command dayplan completions --list tags "${dir[@]}" 2>/dev/null) ;;
                task)
                    # The titles of the day's tasks (--dir and --date on the line), for mark and move.
                    local title options=()
                    _dayplan_option --dir && options+=(--dir "$value")
                    _dayplan_option --date && options+=(--date "$value")
                    COMPREPLY=()
                    while IFS= read -r title; do
                        [[ $title == "$typed"* ]] && _dayplan_quoted "$title"
                    done < <(command dayplan completions --list tasks "${options[@]}" 2>/dev/null) ;;
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
                local i command= command_index=0 position
                for ((i = 1; i < cword; i++)); do
                    if [[ ${words[i]} != -* ]]; then command=${words[i]}; command_index=$i; break; fi
                done
                case $command in
                '')
                    if [[ $cur == -* ]]; then _dayplan_words \(topLevel); else _dayplan_words \(commandNames); fi ;;
            \(cases)    esac
            }

            complete -F _dayplan dayplan

            """
    }

    /// The bash line that offers `candidates`: `_dayplan_value KIND [CHOICE ...]`.
    static func bashValue(_ candidates: Candidates) -> String {
        switch candidates {
        case .task: return "_dayplan_value task"
        case .kind(let kind):
            let (name, words) = action(kind)
            return "_dayplan_value " + ([name] + words).joined(separator: " ")
        }
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
            // One spec per positional word, so that past the first (`mark done `, `merge a.md b.md `) the next
            // word's candidates are offered, not the options (whose common `-` zsh would insert).
            let words: [Positional] = spec.arguments.map(Completions.positionals) ?? []
            for (index, positional) in words.enumerated() {
                let position = positional.repeated ? "*" : String(index + 1) + (positional.optional ? ":" : "")
                let action: String
                switch positional.candidates {
                case .task: action = "_dayplan_tasks"
                case .kind(let kind): action = zshAction(kind)
                }
                lines.append("'\(position):\(zshQuoted(positional.placeholder).replacingColons()):\(action)'")
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
                # A tag typed without its `#` is completed without it; `\\#h` (zsh quotes the `#` it inserts) is typed with it.
                [[ ${(Q)PREFIX} == '#'* ]] || tags=(${tags#\\#})
                compadd "$@" -- $tags
            }

            # The titles of the day's tasks (--dir and --date on the line), for mark and move.
            _dayplan_tasks() {
                local -a options tasks
                local name index
                for name in --dir --date; do
                    index=${words[(I)$name]}
                    (( index )) && options+=($name "${(Q)words[index + 1]}")
                    [[ -n ${words[(r)$name=*]} ]] && options+=($name "${(Q)${words[(r)$name=*]}#$name=}")
                done
                tasks=(${(f)"$(_call_program tasks command dayplan completions --list tasks ${(q)options} 2>/dev/null)"})
                # None (no file for that day yet): say so, or _arguments would offer the options instead.
                (( $#tasks )) || { _message "no task in that day's file"; return 0 }
                compadd "$@" -a tasks
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
            let positionals: [Positional] = spec.arguments.map(Completions.positionals) ?? []
            let valued = spec.allOptions.filter { $0.value != nil }.flatMap(names).joined(separator: " ")
            for (index, positional) in positionals.enumerated() {
                // With more than one positional word, each is offered where it stands.
                let at = positionals.count == 1 ? condition
                    : "\(condition); and test (__dayplan_position \(valued)) -\(positional.repeated ? "ge" : "eq") \(index)"
                switch positional.candidates {
                case .task:
                    lines.append("complete -c dayplan -n '\(at)' -a '(__dayplan_value task)'")
                case .kind(.choice(let choices)):
                    lines.append("complete -c dayplan -n '\(at)' -a '\(fishQuoted(choices.joined(separator: " ")))'")
                case .kind(.file):
                    lines.append("complete -c dayplan -n '\(at)' -F")
                case .kind(.text):
                    break
                case .kind(let kind):
                    lines.append("complete -c dayplan -n '\(at)' -a '(__dayplan_value \(action(kind).name))'")
                }
            }
        }
        return """
            # fish completion for dayplan, made by `dayplan completions fish` (dayplan \(version)) from the
            # commands' own descriptions. Save it as ~/.config/fish/completions/dayplan.fish:
            #     mkdir -p ~/.config/fish/completions
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

            # The number of positional words typed after the command's name; the arguments are the command's
            # options that take a value (their value is no positional word).
            function __dayplan_position
                set -l words (commandline -opc)
                set -l count -1
                set -l skip 0
                for word in $words[2..-1]
                    if test $skip -eq 1
                        set skip 0
                    else if string match -q -- '-*' $word
                        contains -- $word $argv; and set skip 1
                    else
                        set count (math $count + 1)
                    end
                end
                echo $count
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
                    case task
                        # The titles of the day's tasks (--dir and --date on the line), for mark and move.
                        set -l words (commandline -opc)
                        set -l options
                        for index in (seq (count $words))
                            for name in --dir --date
                                if test "$words[$index]" = $name; and test $index -lt (count $words)
                                    set options $options $name $words[(math $index + 1)]
                                else if string match -q -- "$name=*" $words[$index]
                                    set options $options $name (string replace -- "$name=" '' $words[$index])
                                end
                            end
                        end
                        command dayplan completions --list tasks $options 2>/dev/null
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
