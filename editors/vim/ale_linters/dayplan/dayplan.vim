" ALE: `dayplan lsp` for day files, unless the dayplan plugin attached them through vim-lsp or
" yegappan/lsp (then it would run twice), or g:dayplan_no_lsp is set. ALE reads this file itself. ALE completes
" the keyword before the cursor only (`ho` of `#ho`), so the server's items edit the word after a `#` or `@`.
if get(g:, 'dayplan_no_lsp', 0) || index(['vim-lsp', 'yegappan-lsp'], dayplan#lsp_register()) >= 0
      \ || !dayplan#has_command('lsp')
  finish
endif

call ale#linter#Define('dayplan', {
      \ 'name': 'dayplan',
      \ 'lsp': 'stdio',
      \ 'executable': {buffer -> dayplan#executable()},
      \ 'command': '%e lsp',
      \ 'project_root': {buffer -> dayplan#root(buffer)},
      \ 'initialization_options': {'completeAfterSigil': v:true},
      \ })
