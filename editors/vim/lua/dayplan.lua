-- Neovim: attaches `dayplan lsp` to the current buffer, one client per plan folder, unless a client
-- named dayplan is attached to it already (a setup of the person's own, such as the one in
-- docs/language-server.md): then the plugin starts none, so nothing runs twice.
local M = { ours = {} }

-- Whether a client named dayplan that the plugin did not start is attached to `buffer`, started or
-- still starting. Neovim 0.7 lists a
-- client that has not answered `initialize` yet only by its id, so the ids are walked (they count up
-- from 1; get_client_by_id knows starting clients too).
local function dayplan_client_attached(buffer)
  for id = 1, 1000 do
    local client = vim.lsp.get_client_by_id(id)
    if client and client.name == "dayplan" and not M.ours[id] and vim.lsp.buf_is_attached(buffer, id) then
      return true
    end
  end
  return false
end

-- Whether a client other than dayplan is attached to `buffer` (it may have set 'omnifunc' and K).
local function other_client_attached(buffer)
  for _, client in pairs(vim.lsp.buf_get_clients(buffer)) do
    if client.name ~= "dayplan" then return true end
  end
  return false
end

-- Neovim 0.7 sets neither 'omnifunc' nor K for a client; 0.8 to 0.10 set 'omnifunc' and not K. So when
-- dayplan is the buffer's only client: <C-x><C-o> completes through it and K hovers, buffer-local, and
-- neither replaces what the person set.
local function on_attach(client, buffer)
  if other_client_attached(buffer) then return end
  local undo = {}
  if vim.bo[buffer].omnifunc == "" then
    vim.bo[buffer].omnifunc = "v:lua.vim.lsp.omnifunc"
    table.insert(undo, "setlocal omnifunc<")
  end
  if vim.api.nvim_buf_call(buffer, function() return vim.fn.maparg("K", "n") end) == "" then
    vim.keymap.set("n", "K", vim.lsp.buf.hover, { buffer = buffer, desc = "dayplan: hover" })
    table.insert(undo, "silent! nunmap <buffer> K")
  end
  if #undo > 0 and vim.b[buffer].undo_ftplugin then
    vim.b[buffer].undo_ftplugin = vim.b[buffer].undo_ftplugin .. " | " .. table.concat(undo, " | ")
  end
end

function M.attach(executable, root)
  local buffer = vim.api.nvim_get_current_buf()
  if dayplan_client_attached(buffer) then
    return "other client"
  end
  local config = { name = "dayplan", cmd = { executable, "lsp" }, root_dir = root, on_attach = on_attach }
  if vim.lsp.start then -- Neovim 0.8 and later
    local id = vim.lsp.start(config)
    if id then M.ours[id] = true end
    return id and "attached" or "failed"
  end
  M.clients = M.clients or {}
  local id = M.clients[root]
  if not id or not vim.lsp.get_client_by_id(id) then
    id = vim.lsp.start_client(config)
    M.clients[root] = id
    if id then M.ours[id] = true end
  end
  return id and vim.lsp.buf_attach_client(buffer, id) and "attached" or "failed"
end

return M
