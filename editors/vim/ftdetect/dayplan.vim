" Day files of dayplan: any file named YYYY-MM-DD.md, and, inside a plan folder (a folder with a
" .dayplan/ folder, found upwards), any .md file whose name holds a date (layouts such as
" 2026/11/2026-11-30-Mon.md). Other Markdown files stay Markdown.
autocmd BufNewFile,BufRead [0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9].md set filetype=dayplan
autocmd BufNewFile,BufRead *[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]*.md
      \ if &filetype !=# 'dayplan' && dayplan#in_plan_folder(expand('<afile>:p')) | set filetype=dayplan | endif
