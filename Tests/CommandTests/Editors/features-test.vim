" vim -u THIS FILE DAY: the dayplan plugin with vim-lsp ($DAYPLAN_CLIENT_PATH), as a person's vimrc has them.
" Once the real `dayplan lsp` has sent DAY's findings (or after 20 s), each feature of docs/editors.md's table is
" asked of it through vim-lsp (`lsp#send_request`, vim-lsp's own edit for a quick fix, and completion through
" its omnifunc as a person types Ctrl-X Ctrl-O), one line each written to $DAYPLAN_RESULTS: `feature=ok`, or `feature=FAIL` and what came. The day is the one features-test.lua reads.
set nocompatible
execute 'set runtimepath^=' . fnameescape($DAYPLAN_PLUGIN)
execute 'set runtimepath+=' . fnameescape($DAYPLAN_CLIENT_PATH)
filetype plugin on
let g:dayplan_executable = $DAYPLAN_BINARY

let s:results = []
function! s:check(name, ok, detail) abort
  call add(s:results, a:name . '=' . (a:ok ? 'ok' : 'FAIL ' . string(a:detail)))
endfunction

" The server's answer to a request, waited for (at most 5 s).
function! s:ask(method, params) abort
  let s:answer = v:null
  let s:answered = 0
  call lsp#send_request('dayplan', {'method': a:method, 'params': a:params,
        \ 'on_notification': function('s:took')})
  call lsp#utils#_wait(5000, {-> s:answered}, 50)
  return s:answer
endfunction
function! s:took(data) abort
  let s:answer = get(get(a:data, 'response', {}), 'result', v:null)
  let s:answered = 1
endfunction

" The protocol's position of `text` on (1-based) `line`, in a request's params.
function! s:at(line, text) abort
  return {'textDocument': lsp#get_text_document_identifier(),
        \ 'position': {'line': a:line - 1, 'character': stridx(getline(a:line), a:text)}}
endfunction

function! s:count() abort
  let counts = lsp#get_buffer_diagnostics_counts()
  return counts.error + counts.warning + counts.information + counts.hint
endfunction

function! s:first_uri(result) abort
  let location = type(a:result) == v:t_list ? get(a:result, 0, {}) : a:result
  return type(location) == v:t_dict ? get(location, 'uri', get(location, 'targetUri', '')) : ''
endfunction

" In Insert mode, once the completion has come: Vim inserts the only match itself, and with several shows the
" menu, whose first item is taken; then Insert mode is left.
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
  let carry = s:at(6, '@carry #home')
  let actions = s:ask('textDocument/codeAction', {'textDocument': carry.textDocument,
        \ 'range': {'start': carry.position, 'end': carry.position}, 'context': {'diagnostics': []}})
  let keep = filter(copy(type(actions) == v:t_list ? actions : []), 'v:val.title ==# "Keep one @carry"')
  call s:check('quick fix offered', !empty(keep), actions)
  if !empty(keep)
    call lsp#utils#workspace_edit#apply_workspace_edit(keep[0].edit)
  endif
  call s:check('quick fix applied', getline(6) ==# '- [ ] Tea @carry #home', getline(6))
  call lsp#utils#_wait(5000, {-> s:count() == 0}, 50)
  call s:check('diagnostics after an edit', s:count() == 0, s:count())
  call setline(4, '*  [ ] One')
  LspDocumentFormatSync
  call s:check('format', getline(4) ==# '* [ ] One', getline(4))
  let hover = s:ask('textDocument/hover', s:at(5, '@due:'))
  let text = type(hover) == v:t_dict ? get(get(hover, 'contents', {}), 'value', '') : ''
  call s:check('hover on a key', text =~# 'due', hover)
  " Completion through the 'omnifunc' the plugin set (lsp#complete): `#ho` then Ctrl-X Ctrl-O gives `#home`.
  let s:typed = reltime()
  call timer_start(200, function('s:completing'), {'repeat': -1})
  call feedkeys("Go- [ ] Water the plants #ho\<C-X>\<C-O>", 'xt!')
  call s:check('completion', getline('$') ==# '- [ ] Water the plants #home', getline('$'))
  silent $delete _
  call s:check('definition from a date', s:first_uri(s:ask('textDocument/definition', s:at(5, '@due:'))) =~# '/2026-11-24\.md$',
        \ s:ask('textDocument/definition', s:at(5, '@due:')))
  call s:check('definition from a wiki link', s:first_uri(s:ask('textDocument/definition', s:at(5, '2026-11-24]]'))) =~# '/2026-11-24\.md$',
        \ s:ask('textDocument/definition', s:at(5, '2026-11-24]]')))
  let references = s:ask('textDocument/references', extend(s:at(6, 'Tea'), {'context': {'includeDeclaration': v:true}}))
  let files = map(copy(type(references) == v:t_list ? references : []), 'fnamemodify(v:val.uri, ":t")')
  call s:check('references', index(files, '2026-11-22.md') >= 0 && index(files, '2026-11-23.md') >= 0, files)
  let symbols = s:ask('workspace/symbol', {'query': 'Tea'})
  call s:check('workspace symbols', type(symbols) == v:t_list && len(symbols) > 0, symbols)
  let outline = s:ask('textDocument/documentSymbol', {'textDocument': lsp#get_text_document_identifier()})
  call s:check('outline', type(outline) == v:t_list && len(outline) >= 2, outline)
  silent write
  edit README.md
  sleep 1500m
  call s:check('README left alone', empty(lsp#get_allowed_servers()) && s:count() == 0, lsp#get_allowed_servers())
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
