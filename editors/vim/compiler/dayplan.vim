" :make checks the current day file with `dayplan lint` and fills the quickfix list.
" Columns count bytes in both dayplan and Vim, so they land on the right character.
if exists('current_compiler')
  finish
endif
let current_compiler = 'dayplan'
if exists(':CompilerSet') != 2
  command -nargs=* CompilerSet setlocal <args>
endif
CompilerSet makeprg=dayplan\ lint\ $*\ %:S
" path:line:column: error|warning: message [rule]; dayplan's own messages (a file it cannot read)
" are kept as text; the summary line is dropped.
CompilerSet errorformat=%f:%l:%c:\ %trror:\ %m,%f:%l:%c:\ %tarning:\ %m,%+Gdayplan\ %.%#,%-G%.%#
