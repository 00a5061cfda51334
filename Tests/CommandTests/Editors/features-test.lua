-- nvim --headless -u NONE --cmd 'set rtp^=PLUGIN' --cmd 'filetype plugin on' -c 'luafile THIS' DAY: the dayplan
-- plugin attaches the real `dayplan lsp` to DAY (today, 2026-11-23), then each feature of docs/editors.md's table
-- is asked of it through Neovim's own client and written to $DAYPLAN_RESULTS as a line, `feature=ok` or
-- `feature=FAIL` and what came. The plan folder holds 2026-11-22.md (Tea carried from there, a #home tag),
-- 2026-11-24.md and a README.md.
local results = {}
local function check(name, ok, detail)
  table.insert(results, name .. "=" .. (ok and "ok" or ("FAIL " .. vim.inspect(detail))))
end
local function wait(ms, test) return vim.wait(ms, test, 50) end
local function first_result(responses)
  for _, response in pairs(responses or {}) do
    if response.result ~= nil then return response.result end
  end
  return nil
end
local function request(method, params) return first_result(vim.lsp.buf_request_sync(0, method, params, 5000)) end
local function at(line, text)
  -- The position of `text` on (1-based) `line`, as the protocol counts it (UTF-16).
  local column = vim.fn.stridx(vim.fn.getline(line), text)
  return { textDocument = vim.lsp.util.make_text_document_params(), position = { line = line - 1, character = column } }
end
local client_of = function()
  for _, client in pairs(vim.lsp.buf_get_clients(0)) do if client.name == "dayplan" then return client end end
end

wait(20000, function() return client_of() ~= nil and #vim.diagnostic.get(0) > 0 end)
local client = client_of()
check("attached", client ~= nil, vim.b.dayplan_lsp)
local opened = #vim.diagnostic.get(0)
check("diagnostics on open", opened > 0, opened)

-- Quick fix: the line's repeated @carry (the cursor on the second one, which the finding names, as
-- `vim.lsp.buf.code_action()` asks), applied as Neovim
-- applies a workspace edit.
local carry = at(6, "@carry #home").position
local actions = request("textDocument/codeAction", { textDocument = vim.lsp.util.make_text_document_params(),
  range = { start = carry, ["end"] = carry }, context = { diagnostics = {} } })
local keep
for _, action in ipairs(actions or {}) do if action.title == "Keep one @carry" then keep = action end end
check("quick fix offered", keep ~= nil, actions)
if keep then vim.lsp.util.apply_workspace_edit(keep.edit, client.offset_encoding) end
check("quick fix applied", vim.fn.getline(6) == "- [ ] Tea @carry #home", vim.fn.getline(6))
-- After the edit, the findings are those of the new text: DP035 is gone.
local function codes() local c = {} for _, d in ipairs(vim.diagnostic.get(0)) do c[#c + 1] = d.code end return c end
wait(5000, function() return not vim.tbl_contains(codes(), "DP035") end)
check("diagnostics after an edit", not vim.tbl_contains(codes(), "DP035") and #codes() < opened, codes())

-- Format: a line written with two spaces after its bullet comes back canonical.
vim.api.nvim_buf_set_lines(0, 3, 4, false, { "*  [ ] One" })
vim.lsp.buf.formatting_sync(nil, 5000)
check("format", vim.fn.getline(4) == "* [ ] One", vim.fn.getline(4))

local hover = request("textDocument/hover", at(5, "@due:"))
local hover_text = hover and (hover.contents.value or hover.contents) or ""
check("hover on a key", type(hover_text) == "string" and hover_text:find("due", 1, true) ~= nil, hover)

vim.api.nvim_buf_set_lines(0, -1, -1, false, { "- [ ] Water the plants #ho" })
local last = vim.api.nvim_buf_line_count(0)
local completion = request("textDocument/completion", { textDocument = vim.lsp.util.make_text_document_params(),
  position = { line = last - 1, character = #"- [ ] Water the plants #ho" } })
local labels = {}
for _, item in ipairs((completion and (completion.items or completion)) or {}) do labels[#labels + 1] = item.label end
check("completion", vim.tbl_contains(labels, "#home"), labels)
vim.api.nvim_buf_set_lines(0, last - 1, last, false, {})

local function target(result)
  local location = result and (result[1] or result)
  return location and (location.uri or location.targetUri) or ""
end
check("definition from a date", vim.endswith(target(request("textDocument/definition", at(5, "@due:"))), "/2026-11-24.md"),
      request("textDocument/definition", at(5, "@due:")))
check("definition from a wiki link", vim.endswith(target(request("textDocument/definition", at(5, "2026-11-24]]"))), "/2026-11-24.md"),
      request("textDocument/definition", at(5, "2026-11-24]]")))

local references = request("textDocument/references", vim.tbl_extend("force", at(6, "Tea"), { context = { includeDeclaration = true } }))
local files = {}
for _, location in ipairs(references or {}) do files[#files + 1] = vim.fn.fnamemodify(vim.uri_to_fname(location.uri), ":t") end
check("references", vim.tbl_contains(files, "2026-11-22.md") and vim.tbl_contains(files, "2026-11-23.md"), files)

local symbols = request("workspace/symbol", { query = "Tea" })
check("workspace symbols", symbols ~= nil and #symbols > 0, symbols)
local outline = request("textDocument/documentSymbol", { textDocument = vim.lsp.util.make_text_document_params() })
check("outline", outline ~= nil and #outline >= 2, outline)

-- A README of the plan folder: no day file, so no client, and nothing of the server's there.
vim.cmd("edit README.md")
wait(1500, function() return false end)
check("README left alone", #vim.lsp.buf_get_clients(0) == 0 and #vim.diagnostic.get(0) == 0, vim.lsp.buf_get_clients(0))

vim.fn.writefile(results, vim.env.DAYPLAN_RESULTS)
vim.cmd("qall!")
