-- A file table: ui.table with a header that stays, columns in cells, a percentage and a
-- share of what is left, and titles that sort (backtab to reach them, then enter).
-- Enter on a row shows it below.
--
-- Feed it your own files as props, for example with Python:
--   python3 -c 'import json,os; print(json.dumps({"files": [{"name": e.name, "size": e.stat().st_size,
--     "kind": "dir" if e.is_dir() else "file"} for e in os.scandir(".")]}))' > files.json
--   theolua run Examples/files.lua --props @files.json
-- Without props it shows 100,000 made-up files: the table renders only the rows in view.
local ui = require("theolua")

local kinds = { "file", "file", "file", "dir", "link" }
local extensions = { ".lua", ".swift", ".md", ".json", ".txt", "" }

local function madeUp(count)
  local files = {}
  for i = 1, count do
    local kind = kinds[i % #kinds + 1]
    files[i] = {
      name = string.format("%s-%06d%s", kind == "dir" and "folder" or "file", (i * 7919) % 1000003,
        kind == "file" and extensions[i % #extensions + 1] or ""),
      size = kind == "dir" and 0 or (i * 104729) % 10000000,
      kind = kind,
    }
  end
  return files
end

local function humanSize(bytes)
  if bytes < 1024 then return bytes .. " B" end
  if bytes < 1024 * 1024 then return string.format("%.1f K", bytes / 1024) end
  return string.format("%.1f M", bytes / 1024 / 1024)
end

local columns = {
  { title = "name", grow = 1 },
  { title = "kind", width = 6 },
  { title = "size", width = "15%", align = "right" },
}
local keys = { "name", "kind", "size" }

-- The rows in their shown order: the app's own data, sorted in place when asked. A
-- global, since a hot reload runs this file again: its locals start over, the script's
-- globals stay.
FileRows = FileRows or {}

return ui.component("Files", {
  props = {
    files = { "array?", of = { "record", fields = { name = "string", size = "integer", kind = "string?" } } },
    count = { "integer", default = 100000, min = 0 },  -- made-up files when none are given
  },
  initialState = function(props)
    FileRows = {}
    for i, file in ipairs(props.files or madeUp(props.count)) do
      FileRows[i] = { name = file.name, size = file.size, kind = file.kind or "file" }
    end
    return { column = 0, descending = false, picked = nil }
  end,
  render = function(self)
    local s = self.state
    local arrow = s.descending and " ▼" or " ▲"
    local shown = {}
    for i, column in ipairs(columns) do
      shown[i] = { title = column.title .. (s.column == i and arrow or ""), width = column.width,
        grow = column.grow, align = column.align }
    end
    local picked = s.picked and FileRows[s.picked]
    return ui.column { height = "100%",
      ui.table { count = #FileRows, columns = shown, grow = 1, border = "round", title = #FileRows .. " files",
        cell = function(row, col)
          local file = FileRows[row]
          if col == 1 then
            return ui.text { file.name, color = file.kind == "dir" and "blue" or nil, bold = file.kind == "dir" }
          end
          if col == 2 then return file.kind end
          return file.kind == "dir" and "" or humanSize(file.size)
        end,
        onSort = self:handler("sort"),
        onActivate = self:handler("pick"),
      },
      ui.text { picked and (picked.name .. " · " .. picked.size .. " bytes") or "enter shows a file · ctrl+c quits",
        dim = picked == nil },
    }
  end,
  actions = {
    sort = function(self, column)
      local s = self.state
      local descending = s.column == column and not s.descending
      local key = keys[column]
      table.sort(FileRows, function(a, b)
        if a[key] == b[key] then return a.name < b.name end
        if descending then return a[key] > b[key] end
        return a[key] < b[key]
      end)
      self:updateState({ column = column, descending = descending, picked = nil })
    end,
    pick = function(self, row)
      self:updateState(function(s) return { column = s.column, descending = s.descending, picked = row } end)
    end,
  },
})
