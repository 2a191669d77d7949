-- A JSON-lines explorer: reads a file of one JSON record per line (a log export, an
-- API dump) in a ui.task, so a file of many megabytes neither freezes the screen nor
-- meets a call's time limit; counts the records by level and the lines that do not
-- parse, and shows the selected record whole.
--
--   theolua run Examples/jsonl.lua --allow-read=Examples
--   theolua run Examples/jsonl.lua --allow-read --props '{"file":"/var/log/app.jsonl"}'
local ui = require("theolua")

local levelColors = { error = "red", warn = "yellow", info = "green" }

-- The records read so far, each as its line of JSON, decoded when it is shown: the
-- explorer's own data, kept out of its state (which a render copies). Kept as text, a
-- record costs one string, and the collector has that much less to walk: a file of
-- a million records decoded into tables would be millions of objects, and every full
-- collection would visit them all.
local data = { lines = {} }

-- The record on line `text`, or nil.
local function decoded(text)
  if text == nil then return nil end
  local ok, record = pcall(ui.json.decode, text)
  return ok and record or nil
end

local function summary(record)
  if record == nil then return "" end
  if type(record) ~= "table" then return tostring(record) end
  return ("%-5s %-6s %-6s %s"):format(
    tostring(record.id or ""), tostring(record.level or ""), tostring(record.service or ""),
    tostring(record.message or ""))
end

return ui.component("Explorer", {
  props = { file = { "string", default = "fixtures/events.jsonl" } },
  initialState = function() return { status = "reading", count = 0, levels = {}, bad = 0, selected = 1 } end,
  render = function(self)
    local s = self.state
    local lines = data.lines
    local levels = {}
    for _, name in ipairs({ "error", "warn", "info" }) do
      levels[#levels + 1] = ui.text { ("%s %d"):format(name, s.levels[name] or 0), color = levelColors[name] }
    end
    local chosen = decoded(lines[s.selected])
    return ui.column { grow = 1,
      ui.row { gap = 2,
        ui.text { self.props.file, bold = true, wrap = "ellipsis", shrink = 1 }, ui.text(s.status),
        ui.text(s.count .. " records"), ui.text { s.bad .. " unreadable", dim = s.bad == 0 },
        ui.spacer {}, ui.row { gap = 2, levels },
      },
      s.failure and ui.text { s.failure, color = "red" } or nil,
      ui.row { grow = 1, gap = 1,
        ui.list {
          count = s.count, itemHeight = 1, grow = 1, border = "round", title = "records",
          selected = s.selected, onSelect = self:handler("select"), autoFocus = true,
          render = function(i)
            local record = decoded(lines[i])
            return ui.text { summary(record), key = i, wrap = "ellipsis",
              color = type(record) == "table" and levelColors[record.level] or nil }
          end,
        },
        ui.box { width = "45%", border = "round", title = "record", padding = { 1, 0 },
          ui.text { chosen and ui.json.encode(chosen, { pretty = true }) or "", wrap = "char" },
        },
      },
    }
  end,
  actions = {
    select = function(self, i) self:updateState(function(s) return { status = s.status, count = s.count,
      levels = s.levels, bad = s.bad, selected = i } end) end,
  },
  controller = {
    init = function(ctl)
      data.lines = {}
      local ok, text = pcall(ui.readFile, ctl.props.file)
      if not ok then
        ctl:updateState { status = "failed", failure = text, count = 0, levels = {}, bad = 0, selected = 1 }
        return
      end
      local function publish(status, levels, bad)
        ctl:updateState(function(s)
          return { status = status, count = #data.lines, levels = levels, bad = bad, selected = s.selected }
        end)
      end
      ctl.task = ui.task(function()
        local lines, levels, bad = data.lines, {}, 0
        for line in text:gmatch("[^\n]+") do
          local parsed, record = pcall(ui.json.decode, line)
          if parsed then
            lines[#lines + 1] = line
            if type(record) == "table" and record.level then
              levels[record.level] = (levels[record.level] or 0) + 1
            end
          else
            bad = bad + 1
          end
          if #lines % 20000 == 0 then publish("reading", levels, bad) end
        end
        return levels, bad
      end, {
        onDone = function(levels, bad) publish("read", levels, bad) end,
        onError = function(message)
          ctl:updateState { status = "failed", failure = message, count = 0, levels = {}, bad = 0, selected = 1 }
        end,
      })
    end,
  },
})
