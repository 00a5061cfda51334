" vim -u THIS FILE DAY: the dayplan plugin with vim-lsp ($DAYPLAN_CLIENT_PATH), as a person's vimrc has
" them. Once the real `dayplan lsp` has sent the day's findings (or after 20 s), line $DAYPLAN_LINE gets
" vim-lsp's quick fix (`:LspCodeActionSync quickfix`: vim-lsp sends the line's first finding alone, and
" applies the one fix offered), and that line as it is then is written to $DAYPLAN_RESULTS.
set nocompatible
execute 'set runtimepath^=' . fnameescape($DAYPLAN_PLUGIN)
execute 'set runtimepath+=' . fnameescape($DAYPLAN_CLIENT_PATH)
filetype plugin on
let g:dayplan_executable = $DAYPLAN_BINARY
let g:lsp_code_action_ui = 'preview'

function! s:poll(timer) abort
  let counts = lsp#get_buffer_diagnostics_counts()
  if counts.error + counts.warning == 0 && reltimefloat(reltime(s:start)) < 20
    return
  endif
  call timer_stop(a:timer)
  call cursor(str2nr($DAYPLAN_LINE), 1)
  LspCodeActionSync quickfix
  " The edit is applied as the answer comes; what the line holds a moment later is the result.
  call timer_start(1000, {-> s:finish()})
endfunction

function! s:finish() abort
  call writefile([getline(str2nr($DAYPLAN_LINE))], $DAYPLAN_RESULTS)
  qall!
endfunction

autocmd VimEnter * let s:start = reltime() | call timer_start(200, function('s:poll'), {'repeat': -1})
