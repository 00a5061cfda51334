" Neovim: opening a day file attaches `dayplan lsp` (g:dayplan_executable, a wrapper the test made) to it.
set nocompatible
execute 'set runtimepath^=' . fnameescape($DAYPLAN_PLUGIN)
filetype plugin on
let g:dayplan_executable = $DAYPLAN_WRAPPER
execute 'edit ' . fnameescape($DAYPLAN_PLAN . '/2026-11-21.md')
let s:state = get(b:, 'dayplan_lsp', 'not set')
let s:attached = luaeval('vim.wait(5000, function() local n = 0; for _ in pairs(vim.lsp.buf_get_clients(0)) do n = n + 1 end; return n > 0 end, 50)')
let s:name = luaeval('(function() for _, c in pairs(vim.lsp.buf_get_clients(0)) do return c.name end; return "" end)()')
call luaeval('vim.wait(5000, function() return vim.fn.filereadable(_A) == 1 and vim.tbl_contains(vim.fn.readfile(_A), "textDocument/didOpen") end, 50)', $DAYPLAN_LSP_LOG)
call writefile([s:state, s:attached ? 'client' : 'no client', s:name], $DAYPLAN_RESULTS)
qall!
