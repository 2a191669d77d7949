-- A log tail with a filter: follows a growing file (as `tail -F` does, through
-- truncation and rotation) and shows its lines in a list that keeps the end in view.
-- Type to filter; tab focuses the list (up/down/pageup/home/end; end follows again).
--
--   theolua run Examples/tail.lua --allow-read --props '{"file":"/var/log/syslog"}'
--
-- Reading files needs --allow-read (every file) or --allow-read=DIR (that folder).
-- Without a file prop it follows Examples/fixtures/app.log; append to it to see lines
-- arrive: echo "error: disk full" >> Examples/fixtures/app.log
local ui = require("theolua")

-- The lines kept: the newest `keep` of them. The script keeps what it shows, so memory
-- stays bounded however long the file grows.
local log = { lines = {}, first = 1, next = 1 }

local function append(line, keep)
  log.lines[log.next] = line
  log.next = log.next + 1
  while log.next - log.first > keep do
    log.lines[log.first] = nil
    log.first = log.first + 1
  end
end

-- The kept lines that match the filter, found incrementally: a new line is matched
-- once, and lines that scroll out of the kept window leave the front.
local matches = { filter = nil, lines = {}, first = 1, last = 0, scanned = 0 }

local function matching(filter)
  if filter == "" then return nil end
  local m = matches
  if m.filter ~= filter then
    m.filter, m.lines, m.first, m.last, m.scanned = filter, {}, 1, 0, log.first - 1
  end
  for n = math.max(m.scanned + 1, log.first), log.next - 1 do
    if log.lines[n]:lower():find(filter, 1, true) then
      m.last = m.last + 1
      m.lines[m.last] = n
    end
  end
  m.scanned = log.next - 1
  while m.first <= m.last and m.lines[m.first] < log.first do
    m.lines[m.first] = nil
    m.first = m.first + 1
  end
  return m
end

local function color(line)
  local lower = line:lower()
  if lower:find("error", 1, true) then return "red" end
  if lower:find("warn", 1, true) then return "yellow" end
  return nil
end

return ui.component("Tail", {
  props = {
    file = { "string", default = "fixtures/app.log" },
    keep = { "integer", default = 100000, min = 1 },
  },
  initialState = function() return { version = 0, filter = "" } end,
  render = function(self)
    local filter = self.state.filter
    local found = matching(filter:lower())
    local count = found and (found.last - found.first + 1) or (log.next - log.first)
    return ui.column { height = "100%",
      ui.input { value = filter, placeholder = "filter: type to narrow", onChange = self:handler("filter"),
        border = "round", borderColor = "blue" },
      ui.list { count = count, follow = true, itemHeight = 1, grow = 1, border = "single", borderColor = "gray",
        title = string.format("%s · %d lines", self.props.file, count),
        render = function(i)
          local n = found and found.lines[found.first + i - 1] or (log.first + i - 1)
          local line = log.lines[n] or ""
          return ui.text { key = n, line, color = color(line), wrap = "ellipsis" }
        end,
      },
      ui.text { "tab focuses the list · ctrl+c quits", dim = true },
    }
  end,
  actions = {
    filter = function(self, text)
      self:updateState(function(s) return { version = s.version, filter = text } end)
    end,
  },
  controller = {
    init = function(ctl)
      -- The tail belongs to the controller: it stops when the viewer unmounts.
      ui.tail(ctl.props.file, function(lines)
        for _, line in ipairs(lines) do append(line, ctl.props.keep) end
        ctl:updateState(function(s) return { version = s.version + 1, filter = s.filter } end)
      end, { fromStart = true })
    end,
  },
})
