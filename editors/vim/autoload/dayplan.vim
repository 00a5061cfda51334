" The dayplan plugin's functions: formatting, editing through dayplan, the language server.

" The dayplan program: g:dayplan_executable, else `dayplan` on PATH.
function! dayplan#executable() abort
  return get(g:, 'dayplan_executable', 'dayplan')
endfunction

" Whether a path lies in a plan folder: a folder with a .dayplan/ folder, here or above.
function! dayplan#in_plan_folder(path) abort
  return !empty(finddir('.dayplan', fnameescape(fnamemodify(a:path, ':h')) . ';'))
endfunction

" Whether this dayplan has the command `name` (`dayplan help NAME` succeeds); asked once a session.
let s:available = {}
function! dayplan#has_command(name) abort
  if !has_key(s:available, a:name)
    call system(shellescape(dayplan#executable()) . ' help ' . shellescape(a:name))
    let s:available[a:name] = v:shell_error == 0
  endif
  return s:available[a:name]
endfunction

" Says something went wrong, without stopping a mapping.
function! s:error(message) abort
  echohl ErrorMsg
  echomsg a:message
  echohl None
endfunction

" `path:line:column: severity: message` lines as quickfix items of buffer `bufnr`; other lines as text.
function! s:items(lines, bufnr) abort
  let items = []
  for line in a:lines
    let parts = matchlist(line, '^.\{-}:\(\d\+\):\(\d\+\): \(error\|warning\): \(.*\)$')
    if empty(parts)
      if !empty(line)
        call add(items, {'text': line, 'valid': 0})
      endif
    else
      call add(items, {'bufnr': a:bufnr, 'lnum': str2nr(parts[1]), 'col': str2nr(parts[2]),
            \ 'type': toupper(parts[3][0]), 'text': parts[4]})
    endif
  endfor
  return items
endfunction

" Formats the whole buffer with `dayplan fmt`. The buffer changes only when dayplan succeeds and its
" output differs; on an error it stays exactly as it was and the messages go to the quickfix list.
" Returns 0 when formatted (or already canonical), else dayplan's exit code.
function! dayplan#format() abort
  let input = join(getline(1, '$'), "\n") . "\n"
  let errors = tempname()
  let output = system(shellescape(dayplan#executable()) . ' fmt 2>' . shellescape(errors), input)
  let status = v:shell_error
  let messages = filereadable(errors) ? readfile(errors) : []
  call delete(errors)
  if status != 0
    call setqflist([], ' ', {'title': 'dayplan fmt', 'items': s:items(messages, bufnr('%'))})
    call s:error('dayplan fmt: the buffer is unchanged: ' . get(messages, 0, 'exit code ' . status)
          \ . (len(messages) > 1 ? ' (all in the quickfix list, :copen)' : ''))
    return status
  endif
  if getqflist({'title': 0}).title ==# 'dayplan fmt'
    call setqflist([], 'r', {'title': 'dayplan fmt', 'items': []})
  endif
  let lines = split(output, "\n", 1)
  if !empty(lines) && lines[-1] ==# ''
    call remove(lines, -1)
  endif
  if lines !=# getline(1, '$')
    let view = winsaveview()
    call setline(1, lines)
    if line('$') > len(lines)
      silent execute (len(lines) + 1) . ',$delete _'
    endif
    call winrestview(view)
  endif
  return 0
endfunction

" 'formatexpr': gq formats the whole file (a day file is formatted as a whole); text typed past
" 'textwidth' is left to Vim.
function! dayplan#formatexpr() abort
  if mode() =~# '[iR]' || !empty(v:char)
    return 1
  endif
  call dayplan#format()
  return 0
endfunction

" The statuses :DayplanMark completes.
function! dayplan#statuses(lead, line, position) abort
  return filter(['done', 'doing', 'todo', 'cancel'], 'v:val =~# "^" . a:lead')
endfunction

" Runs `dayplan COMMAND ARGUMENTS... FILE:LINE` on the task under the cursor, after saving the
" buffer, and reloads the file. A dayplan without the command says so and nothing changes.
function! s:edit(command, arguments) abort
  if !dayplan#has_command(a:command)
    call s:error('dayplan ' . a:command . ' is not available in this dayplan (' . dayplan#executable()
          \ . '); nothing changed. Update dayplan for it.')
    return 2
  endif
  if expand('%') ==# ''
    call s:error('dayplan ' . a:command . ': save the day file first')
    return 2
  endif
  if &modified
    silent write
  endif
  let target = expand('%') . ':' . line('.')
  let output = system(join([shellescape(dayplan#executable()), a:command]
        \ + map(copy(a:arguments), 'shellescape(v:val)') + [shellescape(target)]) . ' 2>&1')
  let status = v:shell_error
  " The buffer was written above, so :edit reloads it from disk at once. No :checktime: with Vim's default
  " noautoread it asks W11 ("changed since editing started") in a prompt that `silent!` hides, and takes keys.
  silent edit
  call s:resync()
  if status != 0
    call s:error(substitute(output, '\n\+$', '', ''))
  else
    echomsg substitute(output, '\n\+$', '', '')
  endif
  return status
endfunction

" After the buffer was read again from disk: vim-lsp, which follows changes through Vim's listeners, sends
" nothing for a reload, and the server would keep the text from before (and its findings). Its own close and
" open events send the document whole again. The other clients see the reload themselves.
function! s:resync() abort
  if get(b:, 'dayplan_lsp_client', '') ==# 'vim-lsp' && exists('#lsp#BufWipeout') && exists('#lsp#BufReadPost')
    silent doautocmd <nomodeline> lsp BufWipeout
    silent doautocmd <nomodeline> lsp BufReadPost
  endif
endfunction

" :DayplanMark STATUS: `dayplan mark STATUS FILE:LINE` on the task under the cursor.
function! dayplan#mark(status) abort
  return s:edit('mark', [a:status])
endfunction

" :DayplanBacklog: `dayplan move FILE:LINE --to REGION` for the task under the cursor.
function! dayplan#move(region) abort
  return s:edit('move', ['--to', a:region])
endfunction

" The plan folder of the current buffer (or of buffer number a:1): the folder holding .dayplan/, else
" the file's folder.
function! dayplan#root(...) abort
  let folder = fnamemodify(bufname(a:0 ? a:1 : '%'), ':p:h')
  let root = fnamemodify(finddir('.dayplan', fnameescape(folder) . ';'), ':p:h:h')
  if empty(root) || root ==# fnamemodify('.', ':p:h:h')
    let root = folder
  endif
  return root
endfunction

" Attaches `dayplan lsp` (over standard input and output) to the buffer when this dayplan has it: in
" Neovim through its own client, unless a client named dayplan is already attached (a setup of the
" person's own); in Vim through the first of vim-lsp, yegappan/lsp and ALE that is installed. Sets
" b:dayplan_lsp to 'attached', 'other client' (Neovim: one was there already), 'unavailable' (no
" `dayplan lsp`), 'no client' or 'off', and in Vim b:dayplan_lsp_client to the client's name.
function! dayplan#lsp_attach() abort
  if get(g:, 'dayplan_no_lsp', 0)
    let b:dayplan_lsp = 'off'
    return
  endif
  if !dayplan#has_command('lsp')
    let b:dayplan_lsp = 'unavailable'
    return
  endif
  if has('nvim-0.5')
    let b:dayplan_lsp = luaeval('require("dayplan").attach(_A[1], _A[2])', [dayplan#executable(), dayplan#root()])
    return
  endif
  let client = dayplan#lsp_register()
  if empty(client)
    let b:dayplan_lsp = 'no client'
    " A client loaded later (a lazy plugin manager, :packadd) registers the server when it sets up.
    augroup dayplan_lsp_late
      autocmd!
      autocmd User lsp_setup ++once call dayplan#lsp_register()
      autocmd User LspSetup ++once call dayplan#lsp_register()
    augroup END
  else
    let b:dayplan_lsp = 'attached'
    let b:dayplan_lsp_client = client
    call s:client_keys(client)
  endif
endfunction

" Completion and K (hover) through the buffer's client, as Neovim has them: vim-lsp and ALE set neither
" themselves ('omnifunc' stayed empty and K ran man); yegappan/lsp sets 'omnifunc' and hovers for K once
" 'keywordprg' is :LspHover. What the person set for the buffer already is kept.
function! s:client_keys(client) abort
  let [omnifunc, hover] = {
        \ 'vim-lsp': ['lsp#complete', '<plug>(lsp-hover)'],
        \ 'ale': ['ale#completion#OmniFunc', '<Plug>(ale_hover)'],
        \ 'yegappan-lsp': ['', ''],
        \ }[a:client]
  if !empty(omnifunc) && empty(&l:omnifunc)
    let &l:omnifunc = omnifunc
  endif
  if empty(maparg('K', 'n', 0, 1)) || !get(maparg('K', 'n', 0, 1), 'buffer', 0)
    if !empty(hover)
      execute 'nmap <buffer> K ' . hover
    elseif a:client ==# 'yegappan-lsp'
      setlocal keywordprg=:LspHover
    endif
  endif
  " ALE formats through its fixers, not the server: `dayplan fmt` is the day file's (:ALEFix), unless the
  " person named fixers for the buffer or for the dayplan filetype.
  if a:client ==# 'ale'
    call ale#fix#registry#Add('dayplan', 'dayplan#ale_fix', ['dayplan'], 'Format a day file with dayplan fmt')
    if !exists('b:ale_fixers') && !has_key(get(g:, 'ale_fixers', {}), 'dayplan')
      let b:ale_fixers = ['dayplan']
    endif
  endif
endfunction

" ALE's fixer for a day file: `dayplan fmt` as a filter, told the buffer's name (for its messages and the day
" the name says). A file fmt refuses comes back as it was, so ALE changes nothing.
function! dayplan#ale_fix(buffer) abort
  return {'command': ale#Escape(dayplan#executable()) . ' fmt --stdin-filename '
        \ . ale#Escape(fnamemodify(bufname(a:buffer), ':p'))}
endfunction

" Vim: registers `dayplan lsp` for the dayplan filetype with the first client installed, once a session
" (each client then attaches it to every day file itself); returns the client's name, or '' for none.
" Checked by what each client's plugin file sets, not by its autoloaded functions: a file opened from the
" command line reaches its FileType event before anything is autoloaded.
function! dayplan#lsp_register() abort
  if exists('s:client')
    return s:client
  endif
  if exists('g:lsp_loaded') " vim-lsp; lsp#register_server autoloads it
    call lsp#register_server({'name': 'dayplan', 'cmd': {server_info -> [dayplan#executable(), 'lsp']},
          \ 'root_uri': {server_info -> 'file://' . dayplan#root()}, 'allowlist': ['dayplan']})
    let s:client = 'vim-lsp'
  elseif exists('*g:LspAddServer') " yegappan/lsp
    call g:LspAddServer([{'name': 'dayplan', 'filetype': ['dayplan'], 'path': exepath(dayplan#executable()),
          \ 'args': ['lsp']}])
    let s:client = 'yegappan-lsp'
  elseif exists('g:loaded_ale') " ALE reads ale_linters/dayplan/dayplan.vim of this plugin itself
    let s:client = 'ale'
  else
    return ''
  endif
  return s:client
endfunction
