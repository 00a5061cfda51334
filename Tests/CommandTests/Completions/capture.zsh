# zsh -f capture.zsh SCRIPT 'LINE' [SETUP]: prints the candidates zsh's completion system offers for LINE, one a
# line, after loading SCRIPT in an interactive zsh -f with compinit (in a pseudo-terminal, as a person types
# LINE and Tab). Every compadd call's matches are printed; the calls within one completion may repeat some.
zmodload zsh/zpty
zpty z zsh -f -i
zpty -w z 'stty -echo; PROMPT= ; unset zle_bracketed_paste; autoload -Uz compinit; compinit -u -D'
zpty -w z 'bindkey "^I" complete-word; zstyle ":completion:*" insert-tab false'
zpty -w z 'dayplan_start() { print -r -- "<<<""start>>>" }; dayplan_end() { print -r -- "<<<""end>>>" }'
zpty -w z 'compprefuncs=( dayplan_start ); comppostfuncs=( dayplan_end exit )'
zpty -w z 'compadd() { local -a found; builtin compadd -O found "$@"; (( ${#found} )) && print -rl -- "@@@"${^found}; builtin compadd "$@" }'
zpty -w z "source ${(q)1}"
# An optional third argument: more set-up, run after the script is loaded.
(( $# > 2 )) && zpty -w z "$3"
zpty -w z "$2"$'\t'
integer started=0
while zpty -r z line; do
  line=${${line//$'\r'/}%$'\n'}
  [[ $line == *'<<<end>>>'* ]] && break
  (( started )) && [[ $line == '@@@'* ]] && print -r -- "${line#@@@}"
  [[ $line == *'<<<start>>>'* ]] && started=1
done
zpty -d z
