" vim -u THIS FILE DAY: the dayplan plugin with yegappan/lsp ($DAYPLAN_CLIENT_PATH), as a person's vimrc has
" them. Once the real `dayplan lsp` has sent DAY's findings (or after 20 s), each feature of docs/editors.md's table
" is used through yegappan's own commands (:LspCodeAction, :LspFormat, :LspHover, :LspGotoDefinition, :LspOutline,
" :LspShowReferences, :LspSymbolSearch) and its completion as one types, and what they did is looked at, one line each
" written to
" $DAYPLAN_RESULTS: `feature=ok`, or `feature=FAIL` and what came. The day is the one features-test.lua reads.
set nocompatible
execute 'set runtimepath^=' . fnameescape($DAYPLAN_PLUGIN)
execute 'set runtimepath+=' . fnameescape($DAYPLAN_CLIENT_PATH)
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
  let counts = lsp#lsp#ErrorCount()
  return counts.Error + counts.Warn + counts.Info + counts.Hint
endfunction

" The text of the popups open now.
function! s:popups() abort
  return join(map(popup_list(), 'join(getbufline(winbufnr(v:val), 1, "$"), "\n")'), "\n")
endfunction

" In Insert mode, once the completion menu shows: what it shows (each item's label), then the first item taken and
" Insert mode left.
function! s:completing(timer) abort
  if !pumvisible() && reltimefloat(reltime(s:typed)) < 5
    return
  endif
  call timer_stop(a:timer)
  let s:offered = map(copy(complete_info(['items']).items), 'get(v:val, "abbr", v:val.word)')
  call feedkeys("\<C-N>\<C-Y>\<Esc>", 'nt')
endfunction

function! s:features() abort
  let opened = s:count()
  call s:check('diagnostics on open', opened > 0, opened)
  call cursor(6, stridx(getline(6), '@carry #home') + 1)
  LspCodeAction Keep one @carry
  call s:check('quick fix applied', s:wait({-> getline(6) ==# '- [ ] Tea @carry #home'}), getline(6))
  call s:check('diagnostics after an edit', s:wait({-> s:count() == 0}), s:count())
  call setline(4, '*  [ ] One')
  " yegappan sends a buffer's changes as Vim's listeners report them, and :LspFormat does not wait for that: a
  " moment, as between a person's typing and formatting, so that the server formats the text the buffer holds.
  call listener_flush()
  sleep 300m
  LspFormat
  call s:check('format', s:wait({-> getline(1, '$') == ['# 2026-11-23', '', '## Morning', '* [ ] One',
        \ '+ [ ] Two see [[2026-11-24]] @due:2026-11-24', '- [ ] Tea #home @carry', '', '## Afternoon', '', '## Evening', '',
        \ '## Backlog']}), getline(1, '$'))
  call listener_flush()
  sleep 300m
  call cursor(5, stridx(getline(5), '@due:') + 1)
  LspHover
  call s:check('hover on a key', s:wait({-> s:popups() =~# 'due'}), s:popups())
  call popup_clear()
  call cursor(5, stridx(getline(5), '@due:') + 1)
  LspGotoDefinition
  call s:check('definition from a date', s:wait({-> expand('%:t') ==# '2026-11-24.md'}), expand('%:t'))
  buffer 2026-11-23.md
  only
  LspOutline
  let Outline = {-> join(getbufline(bufnr('LSP-Outline'), 1, '$'), "\n")}
  call s:check('outline', s:wait({-> Outline() =~# 'Morning'}), Outline())
  silent! LspOutline
  only
  call cursor(5, stridx(getline(5), '2026-11-24]]') + 1)
  LspGotoDefinition
  call s:check('definition from a wiki link', s:wait({-> expand('%:t') ==# '2026-11-24.md'}), expand('%:t'))
  buffer 2026-11-23.md
  only
  call cursor(6, stridx(getline(6), 'Tea') + 1)
  LspShowReferences
  let Referenced = {-> map(getloclist(0), 'fnamemodify(bufname(v:val.bufnr), ":t")')}
  call s:check('references', s:wait({-> index(Referenced(), '2026-11-22.md') >= 0 && index(Referenced(), '2026-11-23.md') >= 0}),
        \ [Referenced(), substitute(execute('messages'), '\n', ' / ', 'g')])
  lclose
  only
  " One open task is called Tea: yegappan jumps to it (with several it lists them in a popup).
  call cursor(1, 1)
  LspSymbolSearch Tea
  call s:check('workspace symbols', s:wait({-> line('.') == 6 && expand('%:t') ==# '2026-11-23.md'}), [expand('%:t'), line('.')])
  " Completion as a person types (yegappan/lsp completes as you type): `#ho` offers `#home`, and Ctrl-N Ctrl-Y takes it.
  let s:offered = []
  let s:typed = reltime()
  call timer_start(200, function('s:completing'), {'repeat': -1})
  call feedkeys("Go- [ ] Water the plants #ho", 'xt!')
  call s:check('completion', getline('$') ==# '- [ ] Water the plants #home' && index(s:offered, '#home') >= 0,
        \ [getline('$'), s:offered])
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
