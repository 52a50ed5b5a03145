-- Drives Neovim 0.7 (with the README's configuration loaded first): opens the broken file,
-- waits for tablint's diagnostics, applies the "Suppress … row-arity" code action through
-- vim.lsp.buf.code_action (its menu answered here), saves (format on save), and writes what
-- it saw to $TABLINT_EDITOR_REPORT.
local report = {}
local function finish(status)
  vim.fn.writefile({ vim.fn.json_encode(report) }, os.getenv("TABLINT_EDITOR_REPORT"))
  vim.cmd(status == 0 and "qall!" or "cquit!")
end
local ok, message = pcall(function()
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("TABLINT_EDITOR_FILE")))
  local buffer = vim.api.nvim_get_current_buf()
  report.filetype = vim.bo[buffer].filetype
  assert(vim.wait(30000, function() return #vim.diagnostic.get(buffer) > 0 end, 50), "no diagnostics arrived")
  report.diagnostics = {}
  for _, diagnostic in ipairs(vim.diagnostic.get(buffer)) do
    local code = diagnostic.user_data and diagnostic.user_data.lsp and diagnostic.user_data.lsp.code or diagnostic.code
    table.insert(report.diagnostics, { line = diagnostic.lnum, column = diagnostic.col, code = code, message = diagnostic.message })
    if code == "tabular-center::row-arity" then report.arity_line = diagnostic.lnum end
  end
  assert(report.arity_line, "no row-arity diagnostic")
  vim.api.nvim_win_set_cursor(0, { report.arity_line + 1, 0 })
  vim.ui.select = function(items, _, choose)
    report.offered = {}
    for index, item in ipairs(items) do
      local action = item[2] or item.action or item
      table.insert(report.offered, action.title)
      if action.title == "Suppress tabular-center::row-arity on this line" then return choose(item, index) end
    end
    choose(nil, nil)
  end
  local before = vim.api.nvim_buf_get_lines(buffer, 0, -1, false)
  vim.lsp.buf.code_action()
  assert(vim.wait(10000, function()
    return table.concat(vim.api.nvim_buf_get_lines(buffer, 0, -1, false), "\n") ~= table.concat(before, "\n")
  end, 50), "the code action changed nothing")
  -- The server re-lints the edited text: row-arity goes away.
  assert(vim.wait(10000, function()
    for _, diagnostic in ipairs(vim.diagnostic.get(buffer)) do
      local code = diagnostic.user_data and diagnostic.user_data.lsp and diagnostic.user_data.lsp.code or diagnostic.code
      if code == "tabular-center::row-arity" then return false end
    end
    return true
  end, 50), "row-arity is still reported after the suppression")
  vim.cmd("write")
end)
report.ok = ok
report.error = ok and nil or tostring(message)
finish(ok and 0 or 1)
