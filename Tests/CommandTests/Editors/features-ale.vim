" vim -u THIS FILE DAY: the dayplan plugin with ALE (`packadd ale`), as a person's vimrc has them. Once the real
" `dayplan lsp` has sent DAY's findings (or after 20 s), each feature of docs/editors.md's table is used through
" ALE's own commands (:ALECodeAction, :ALEFix, :ALEHover, :ALEGoToDefinition, :ALEFindReferences, :ALESymbolSearch)
" and what they did is looked at, one line
" each written to $DAYPLAN_RESULTS: `feature=ok`, or `feature=FAIL` and what came. The day is the one features-test.lua reads.
set nocompatible
execute 'set runtimepath^=' . fnameescape($DAYPLAN_PLUGIN)
packadd ale
" Hover into the preview window, where the test reads it (by default ALE echoes it).
let g:ale_hover_to_preview = 1
filetype plugin on
" Jumps stay in the one window (with the default nohidden a modified buffer is not left, and the jump splits).
set hidden
let g:dayplan_executable = $DAYPLAN_BINARY

let s:results = []
function! s:check(name, ok, detail) abort
  call add(s:results, a:name . '=' . (a:ok ? 'ok' : 'FAIL ' . string(a:detail)))
endfunction

" Waits (at most 5 s) until `Test` holds, the client's answers handled meanwhile.
function! s:wait(Test) abort
  let start = reltime()
  while !a:Test() && reltimefloat(reltime(start)) < 5
    sleep 50m
  endwhile
  return a:Test()
endfunction

function! s:count() abort
  return ale#statusline#Count(bufnr('')).total
endfunction

" In Insert mode, once the completion has come: Vim inserts the only match itself ("The only match"), and with
" several shows the menu, whose first item is taken; then Insert mode is left.
function! s:completing(timer) abort
  let inserted = getline('.') =~# '#home$'
  if !inserted && !pumvisible() && reltimefloat(reltime(s:typed)) < 5
    return
  endif
  call timer_stop(a:timer)
  call feedkeys((inserted ? '' : "\<C-N>\<C-Y>") . "\<Esc>", 'nt')
endfunction

function! s:features() abort
  let opened = s:count()
  call s:check('diagnostics on open', opened > 0, opened)
  " ALE lists the actions of the word under the cursor (it looks back for the word: on the `@` of the second
  " @carry it finds the first) and asks for a number at its prompt, which the test answers as a person would.
  call cursor(6, stridx(getline(6), '@carry #home') + 3)
  ALECodeAction
  call s:check('quick fix applied', s:wait({-> getline(6) ==# '- [ ] Tea @carry #home'}), getline(6))
  " The prompt's lines would stand until a key is pressed (Vim's hit-enter prompt).
  redraw!
  " Vim fires TextChanged, on which ALE lints, once a command returns to Normal mode; this script runs within one
  " timer callback, so it fires the event itself.
  doautocmd <nomodeline> TextChanged
  call s:check('diagnostics after an edit', s:wait({-> s:count() == 0}), s:count())
  call setline(4, '*  [ ] One')
  ALEFix
  call s:check('format', s:wait({-> getline(1, '$') == ['# 2026-11-23', '', '## Morning', '* [ ] One',
        \ '+ [ ] Two see [[2026-11-24]] @due:2026-11-24', '- [ ] Tea #home @carry', '', '## Afternoon', '', '## Evening', '',
        \ '## Backlog']}), getline(1, '$'))
  call cursor(5, stridx(getline(5), '@due:') + 1)
  ALEHover
  let Preview = {-> join(map(filter(range(1, winnr('$')), 'getwinvar(v:val, "&previewwindow")'), 'join(getbufline(winbufnr(v:val), 1, "$"), "\n")'), "\n")}
  call s:check('hover on a key', s:wait({-> Preview() =~# 'due'}), Preview())
  pclose
  call cursor(5, stridx(getline(5), '@due:') + 1)
  ALEGoToDefinition
  call s:check('definition from a date', s:wait({-> expand('%:t') ==# '2026-11-24.md'}), expand('%:t'))
  buffer 2026-11-23.md
  silent! only
  call cursor(5, stridx(getline(5), '2026-11-24]]') + 1)
  ALEGoToDefinition
  call s:check('definition from a wiki link', s:wait({-> expand('%:t') ==# '2026-11-24.md'}), expand('%:t'))
  buffer 2026-11-23.md
  silent! only
  call cursor(6, 7)
  ALEFindReferences
  let Files = {-> map(getqflist() + getloclist(0), 'fnamemodify(bufname(v:val.bufnr), ":t")') + map(filter(range(1, bufnr('$')), 'bufname(v:val) =~# "ALE"'), 'join(getbufline(v:val, 1, "$"))')}
  call s:check('references', s:wait({-> len(Files()) > 0 && join(Files()) =~# '2026-11-22'}), Files())
  pclose
  cclose
  lclose
  buffer 2026-11-23.md
  silent! only
  ALESymbolSearch Tea
  call s:check('workspace symbols', s:wait({-> Preview() =~# 'Tea'}), Preview())
  pclose
  silent! only
  " Completion through the 'omnifunc' the plugin set (ALE's): `#ho` then Ctrl-X Ctrl-O gives `#home`.
  let s:typed = reltime()
  call timer_start(200, function('s:completing'), {'repeat': -1})
  call feedkeys("Go- [ ] Water the plants #ho\<C-X>\<C-O>", 'xt!')
  call s:check('completion', getline('$') ==# '- [ ] Water the plants #home', getline('$'))
  silent $delete _
  silent write
  edit README.md
  sleep 1500m
  call s:check('README left alone', &filetype !=# 'dayplan' && s:count() == 0, &filetype)
  call writefile(s:results, $DAYPLAN_RESULTS)
  qall!
endfunction

function! s:poll(timer) abort
  if s:count() == 0 && reltimefloat(reltime(s:start)) < 20
    return
  endif
  call timer_stop(a:timer)
  call s:features()
endfunction

autocmd VimEnter * let s:start = reltime() | call timer_start(200, function('s:poll'), {'repeat': -1})
