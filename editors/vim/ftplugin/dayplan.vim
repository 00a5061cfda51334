" Day files of dayplan: :make lints, :DayplanFmt and gq format without ever putting a message into
" the buffer, :DayplanMark and :DayplanBacklog edit through dayplan, and the language server is
" attached when this dayplan has one. See :help dayplan.
if exists('b:did_ftplugin')
  finish
endif
let b:did_ftplugin = 1

compiler dayplan
setlocal formatexpr=dayplan#formatexpr()
setlocal commentstring=<!--\ %s\ -->
setlocal textwidth=0

command! -buffer -bar DayplanFmt call dayplan#format()
command! -buffer -bar -nargs=1 -complete=customlist,dayplan#statuses DayplanMark call dayplan#mark(<q-args>)
command! -buffer -bar DayplanBacklog call dayplan#move('backlog')

if !get(g:, 'dayplan_no_mappings', 0)
  nnoremap <buffer> <silent> <LocalLeader>x :DayplanMark done<CR>
  nnoremap <buffer> <silent> <LocalLeader>b :DayplanBacklog<CR>
endif

call dayplan#lsp_attach()

let b:undo_ftplugin = 'setlocal formatexpr< commentstring< textwidth< makeprg< errorformat<'
      \ . ' | silent! nunmap <buffer> <LocalLeader>x | silent! nunmap <buffer> <LocalLeader>b'
