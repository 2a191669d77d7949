-- A log viewer: a controller timer appends a line every half second; the list follows
-- the end (follow = true) while you type a filter above it. Up, down, pageup, pagedown,
-- home and end move through the log; end follows it again.
--
-- The log can be long: `--props '{"start":1000000}'` opens it with a million lines.
-- ui.list renders only the lines near the view, and the filter scans the log in slices
-- between frames, so the screen stays live while it looks.
--
-- The timer belongs to the controller: it starts when the viewer mounts, survives
-- re-renders and hot reloads, and is cancelled for you when the viewer unmounts.
local ui = require("theolua")

-- Made-up traffic: line n is always the same, so every run (and every test) sees the
-- same log, and a long log costs no memory.
local services = { "api", "db", "auth", "cache", "worker" }
local events = {
  { "info", "request served in %d ms" },
  { "info", "cache hit ratio %d%%" },
  { "warn", "slow query took %d ms" },
  { "info", "user %d signed in" },
  { "error", "connection reset after %d retries" },
  { "info", "job %d done" },
}
local levelColors = { info = "green", warn = "yellow", error = "red" }

local function makeLine(n)
  local event = events[(n * 7) % #events + 1]
  return {
    n = n,
    level = event[1],
    service = services[(n * 3) % #services + 1],
    message = string.format(event[2], (n * 37) % 97 + 3),
  }
end

local function matches(n, filter)
  local line = makeLine(n)
  return (line.level .. " " .. line.service .. " " .. line.message):lower():find(filter, 1, true) ~= nil
end

-- The lines the filter lets through, found so far: the viewer's own data, kept out of
-- state (a million line numbers would be copied on every update).
local found = { filter = "", lines = {}, scanned = 0 }

-- Lines scanned between two frames while a filter is applied.
local slice = 20000

-- Scans one slice of the log for `filter`, then lets a frame show what it found before
-- the next slice. A newer filter stops an older scan.
local function scan(self, filter)
  if found.filter ~= filter then return end
  local count = self.state.count
  local last = math.min(found.scanned + slice, count)
  for n = found.scanned + 1, last do
    if matches(n, filter) then found.lines[#found.lines + 1] = n end
  end
  found.scanned = last
  self:updateState(function(s)
    return { count = s.count, filter = s.filter, shown = #found.lines, scanned = found.scanned }
  end)
  if last < count then ui.after(0, function() scan(self, filter) end) end
end

local Logs = ui.component("Logs", {
  props = {
    interval = { "number", default = 0.5, min = 0.01 },
    start = { "integer", default = 0, min = 0 },  -- lines already in the log
  },
  initialState = function(props) return { count = props.start, filter = "", shown = 0, scanned = 0 } end,
  render = function(self)
    local s = self.state
    local filtering = s.filter ~= ""
    local shown = filtering and s.shown or s.count
    local title = string.format("%d of %d lines", shown, s.count)
    if filtering and s.scanned < s.count then title = title .. string.format(" · filtering, %d%%", s.scanned * 100 // s.count) end
    return ui.column { height = "100%",  -- fill the screen: the list takes what is left
      ui.input {
        value = s.filter, placeholder = "filter: type to narrow (e.g. error, db)",
        onChange = self:handler("filter"), border = "round", borderColor = "blue",
      },
      ui.list { count = shown, follow = true, itemHeight = 1, grow = 1, border = "single", borderColor = "gray",
        title = title,
        render = function(i)
          local line = makeLine(filtering and found.lines[i] or i)
          return ui.row { key = line.n, gap = 1,
            ui.text { string.format("%04d", line.n), dim = true },
            ui.text { line.level, color = levelColors[line.level], bold = line.level == "error", width = 5, shrink = 0 },
            ui.text { line.service, color = "cyan", width = 6, shrink = 0 },
            ui.text { line.message, wrap = "ellipsis", grow = 1 },
          }
        end,
      },
      ui.text { "tab focuses the log (up/down/pageup/home/end) · ctrl+c quits", dim = true },
    }
  end,
  actions = {
    filter = function(self, text)
      found.filter, found.lines, found.scanned = text:lower(), {}, 0
      self:updateState(function(s) return { count = s.count, filter = text, shown = 0, scanned = 0 } end)
      if text ~= "" then scan(self, found.filter) end
    end,
  },
  controller = {
    init = function(ctl)
      ctl.timer = ui.every(ctl.props.interval, function()
        ctl:updateState(function(s)
          local count = s.count + 1
          -- A new line joins the filtered ones once the scan has reached the end.
          if found.filter ~= "" and found.scanned == s.count then
            if matches(count, found.filter) then found.lines[#found.lines + 1] = count end
            found.scanned = count
          end
          return { count = count, filter = s.filter, shown = #found.lines, scanned = found.scanned }
        end)
      end)
    end,
  },
})

return Logs
