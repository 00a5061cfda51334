" The dayplan Vim plugin's tests, run headless by VimPluginTests in Neovim (nvim --headless) and Vim
" (vim -es). $DAYPLAN_PLAN is a plan folder the test set up, $DAYPLAN_RESULTS the file each check's
" outcome is written to: `ok NAME` or `not ok NAME: what happened`.
set nocompatible
set nomore
set hidden
set shortmess+=F
let g:dayplan_today = '2026-11-23'
execute 'set runtimepath^=' . fnameescape($DAYPLAN_PLUGIN)
filetype plugin on
syntax on

let s:results = []
function! s:check(name, condition, detail) abort
  call add(s:results, (a:condition ? 'ok ' : 'not ok ') . a:name . (a:condition ? '' : ': ' . a:detail))
endfunction

" The highlight group at the first occurrence of `text` on line `lnum`.
function! s:group(lnum, text) abort
  let col = stridx(getline(a:lnum), a:text) + 1
  return col == 0 ? 'text not found' : synIDattr(synID(a:lnum, col, 1), 'name')
endfunction

let s:plan = $DAYPLAN_PLAN
try
  " Filetype detection: by name, in a plan folder by a dated name, and not for other Markdown.
  execute 'edit ' . fnameescape(s:plan . '/2026-11-21.md')
  call s:check('detects a day file by its name', &filetype ==# 'dayplan', &filetype)
  execute 'edit ' . fnameescape(s:plan . '/2026/11/2026-11-22-Sun.md')
  call s:check('detects a dated file in a plan folder', &filetype ==# 'dayplan', &filetype)
  execute 'edit ' . fnameescape(s:plan . '/README.md')
  call s:check('leaves other Markdown alone', &filetype !=# 'dayplan', &filetype)

  " Syntax.
  execute 'edit ' . fnameescape(s:plan . '/2026-11-21.md')
  call s:check('day heading', s:group(1, '#') ==# 'dayplanDayHeading', s:group(1, '#'))
  call s:check('region heading', s:group(3, 'Morning') ==# 'dayplanRegion', s:group(3, 'Morning'))
  call s:check('must bucket', s:group(4, '*') ==# 'dayplanMust', s:group(4, '*'))
  call s:check('to do', s:group(4, '[ ]') ==# 'dayplanTodo', s:group(4, '[ ]'))
  call s:check('tag', s:group(4, '#work') ==# 'dayplanTag', s:group(4, '#work'))
  call s:check('flag', s:group(4, '@carry') ==# 'dayplanMetadata', s:group(4, '@carry'))
  call s:check('complementary bucket', s:group(5, '+') ==# 'dayplanComplementary', s:group(5, '+'))
  call s:check('done', s:group(5, '[x]') ==# 'dayplanDone', s:group(5, '[x]'))
  call s:check('misc bucket', s:group(6, '-') ==# 'dayplanMisc', s:group(6, '-'))
  call s:check('overdue expiry', s:group(6, '@expires') ==# 'dayplanOverdue', s:group(6, '@expires'))
  call s:check('future expiry', s:group(7, '@expires') ==# 'dayplanMetadata', s:group(7, '@expires'))
  call s:check('date in metadata', s:group(7, '2026-12-01') ==# 'dayplanDate', s:group(7, '2026-12-01'))
  call s:check('not a tag: only digits', s:group(7, '#123') !=# 'dayplanTag', s:group(7, '#123'))
  call s:check('other section', s:group(9, 'Notes') ==# 'dayplanSection', s:group(9, 'Notes'))

  " :make fills the quickfix list from dayplan lint, at the finding's line and column.
  silent make
  let s:qf = filter(getqflist(), 'v:val.valid')
  call s:check(':make lists the finding', len(s:qf) == 1 && get(get(s:qf, 0, {}), 'lnum') == 8
        \ && get(get(s:qf, 0, {}), 'col') == 1 && toupper(get(get(s:qf, 0, {}), 'type')) ==# 'E'
        \ && get(get(s:qf, 0, {}), 'text', '') =~# 'DP101' && bufname(get(get(s:qf, 0, {}), 'bufnr', 0)) =~# '2026-11-21.md$',
        \ string(getqflist()))

  " :DayplanFmt formats a formattable buffer...
  execute 'edit ' . fnameescape(s:plan . '/2026-11-24.md')
  DayplanFmt
  call s:check(':DayplanFmt formats', getline(1, '$') ==# ['# 2026-11-24', '', '## Morning', '* [ ] Write the talk #work',
        \ '', '## Afternoon', '', '## Evening', '', '## Backlog'], string(getline(1, '$')))
  " ... and gq does the same, through 'formatexpr'.
  call setline(1, ['# 2026-11-24', '## Backlog', '-   [ ]   Tidy up'])
  silent! 4,$delete _
  normal! gggqG
  call s:check('gq formats the whole file', getline(1, '$') ==# ['# 2026-11-24', '', '## Morning', '', '## Afternoon', '',
        \ '## Evening', '', '## Backlog', '- [ ] Tidy up'], string(getline(1, '$')))

  " ... and leaves a file it refuses exactly as it was, the reasons in the quickfix list.
  execute 'edit ' . fnameescape(s:plan . '/2026-11-25.md')
  let s:before = getline(1, '$')
  call setqflist([])
  DayplanFmt
  call s:check(':DayplanFmt leaves a refused buffer unchanged', getline(1, '$') ==# s:before, string(getline(1, '$')))
  call s:check(':DayplanFmt leaves no message in the buffer', !&modified, 'the buffer was modified')
  let s:qf = getqflist()
  call s:check(':DayplanFmt puts the reason in the quickfix list', len(s:qf) >= 1 && get(s:qf[0], 'lnum') == 3
        \ && get(s:qf[0], 'bufnr') == bufnr('%') && get(s:qf[0], 'text', '') =~# 'DP021',
        \ string(s:qf))
  normal! gggqG
  call s:check('gq leaves a refused buffer unchanged', getline(1, '$') ==# s:before && !&modified, string(getline(1, '$')))

  " Marking done and moving to the Backlog need `dayplan mark` and `dayplan move`.
  execute 'edit ' . fnameescape(s:plan . '/2026-11-21.md')
  let s:before = getline(1, '$')
  call cursor(4, 1)
  messages clear
  let s:status = dayplan#mark('done')
  if dayplan#has_command('mark')
    call s:check('mark done marks the task', s:status == 0 && getline(4) =~# '\[x\]', getline(4))
  else
    call s:check('mark done says dayplan mark is unavailable', s:status == 2 && execute('messages') =~# 'dayplan mark is not available'
          \ && getline(1, '$') ==# s:before, execute('messages'))
  endif
  messages clear
  call cursor(4, 1)
  let s:moving = getline(4)
  execute "normal \\b"
  if !dayplan#has_command('move')
    call s:check('the Backlog mapping says dayplan move is unavailable', execute('messages') =~# 'dayplan move is not available'
          \ && getline(1, '$') ==# s:before, execute('messages'))
  else
    let s:lines = getline(1, '$')
    call s:check('the Backlog mapping moves the task to the Backlog', index(s:lines, s:moving) > index(s:lines, '## Backlog')
          \ && index(s:lines, '## Backlog') >= 0, string(s:lines) . ' ' . execute('messages'))
  endif

  " The language server: attached when dayplan has one.
  call s:check('language server state', get(b:, 'dayplan_lsp', '') ==# (dayplan#has_command('lsp') ? (has('nvim') ? 'attached' : 'no client') : 'unavailable'),
        \ get(b:, 'dayplan_lsp', 'not set'))
catch
  call s:check('no error', 0, v:exception . ' at ' . v:throwpoint)
endtry

call writefile(s:results, $DAYPLAN_RESULTS)
qall!
