" vim -u THIS FILE, or nvim -u: the dayplan plugin with one language-server client ($DAYPLAN_CLIENT: neovim,
" vim-lsp, yegappan-lsp or ale; $DAYPLAN_CLIENT_PATH where a third-party one is), and in Neovim the setup
" file $DAYPLAN_SETUP (the docs' init.lua snippet) when given, as a person's vimrc would have them. The day
" file is opened from the command line; once its diagnostics arrive from the real `dayplan lsp` (or after
" 20 s), one line is written to $DAYPLAN_RESULTS for it, then the same for $DAYPLAN_SECOND opened with :edit.
" With $DAYPLAN_RELOAD, a third line: :DayplanMark done on $DAYPLAN_SECOND's second must task (the real
" `dayplan mark` writes the file, and the plugin reads it again), once its diagnostics are down to none (or
" after 20 s): a client that missed the reload keeps showing the old finding.
set nocompatible
execute 'set runtimepath^=' . fnameescape($DAYPLAN_PLUGIN)
if $DAYPLAN_CLIENT ==# 'ale'
  packadd ale
elseif !empty($DAYPLAN_CLIENT_PATH)
  execute 'set runtimepath+=' . fnameescape($DAYPLAN_CLIENT_PATH)
endif
if has('nvim') && !empty($DAYPLAN_SETUP)
  execute 'luafile ' . fnameescape($DAYPLAN_SETUP)
endif
filetype plugin on
syntax on
let g:dayplan_executable = $DAYPLAN_BINARY

" The diagnostics the client shows for the current buffer.
function! s:diagnostics() abort
  if has('nvim')
    return luaeval('#vim.diagnostic.get(0)')
  elseif $DAYPLAN_CLIENT ==# 'vim-lsp'
    let counts = lsp#get_buffer_diagnostics_counts()
    return counts.error + counts.warning + counts.information + counts.hint
  elseif $DAYPLAN_CLIENT ==# 'yegappan-lsp'
    let counts = lsp#lsp#ErrorCount()
    return counts.Error + counts.Warn + counts.Info + counts.Hint
  elseif $DAYPLAN_CLIENT ==# 'ale'
    return ale#statusline#Count(bufnr('')).total
  endif
  return 0
endfunction

" What the editor and the plugin say, and how many `dayplan lsp` processes this editor started.
function! s:state() abort
  let servers = len(filter(split(system('pgrep -a -P ' . getpid()), "\n"), 'v:val =~# " lsp$"'))
  let line = printf('%s: state=%s client=%s diagnostics=%d servers=%d', expand('%:t'), get(b:, 'dayplan_lsp', '-'),
        \ get(b:, 'dayplan_lsp_client', '-'), s:diagnostics(), servers)
  if has('nvim')
    let clients = luaeval('(function() local n = 0; for _, c in pairs(vim.lsp.buf_get_clients(0)) do if c.name == "dayplan" then n = n + 1 end end; return n end)()')
    let line .= printf(' clients=%d omnifunc=%s K=%s', clients, &l:omnifunc, get(maparg('K', 'n', 0, 1), 'buffer', 0) ? 'buffer' : 'none')
  else
    " What completion and K do: the buffer's 'omnifunc', and K's buffer mapping or else 'keywordprg'.
    let k = get(maparg('K', 'n', 0, 1), 'buffer', 0) ? maparg('K', 'n') : 'keywordprg=' . &l:keywordprg
    let line .= printf(' omnifunc=%s K=%s', &l:omnifunc, k)
  endif
  return line
endfunction

let s:results = []
let s:arrived = []
let s:reloaded = 0
function! s:poll(timer) abort
  let waited = reltimefloat(reltime(s:start))
  if s:reloaded
    " Read again: done once the finding is gone (and 1.5 s more, for a late one to come back), or after 20 s.
    if s:diagnostics() == 0 && empty(s:arrived)
      let s:arrived = reltime()
    elseif s:diagnostics() > 0
      let s:arrived = []
    endif
    if waited < 20 && (empty(s:arrived) || reltimefloat(reltime(s:arrived)) < 1.5)
      return
    endif
    call add(s:results, s:state())
    call timer_stop(a:timer)
    call writefile(s:results, $DAYPLAN_RESULTS)
    qall!
  endif
  if s:diagnostics() > 0 && empty(s:arrived)
    let s:arrived = reltime()
  endif
  " Once they arrived, 1.5 s more, so that a second client, if one was started, delivers its findings too.
  if waited < 20 && (empty(s:arrived) || reltimefloat(reltime(s:arrived)) < 1.5)
    return
  endif
  call add(s:results, s:state())
  let s:arrived = []
  if len(s:results) == 1 && !empty($DAYPLAN_SECOND)
    execute 'edit ' . fnameescape($DAYPLAN_SECOND)
    let s:start = reltime()
    return
  endif
  if len(s:results) == 2 && !empty($DAYPLAN_RELOAD)
    call cursor(5, 1)
    DayplanMark done
    let s:start = reltime()
    let s:reloaded = 1
    return
  endif
  call timer_stop(a:timer)
  call writefile(s:results, $DAYPLAN_RESULTS)
  qall!
endfunction

autocmd VimEnter * let s:start = reltime() | call timer_start(200, function('s:poll'), {'repeat': -1})
