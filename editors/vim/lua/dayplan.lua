-- Neovim: attaches `dayplan lsp` to the current buffer, one client per plan folder.
local M = {}

function M.attach(executable, root)
  local config = { name = "dayplan", cmd = { executable, "lsp" }, root_dir = root }
  if vim.lsp.start then -- Neovim 0.8 and later
    return vim.lsp.start(config) and "attached" or "failed"
  end
  M.clients = M.clients or {}
  local id = M.clients[root]
  if not id or not vim.lsp.get_client_by_id(id) then
    id = vim.lsp.start_client(config)
    M.clients[root] = id
  end
  return id and vim.lsp.buf_attach_client(0, id) and "attached" or "failed"
end

return M
