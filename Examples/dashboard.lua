-- A small build dashboard from the widgets alone: tabs, progress bars, a spinner, a
-- table of jobs, a following log list and a footer of key hints. A controller timer
-- moves the jobs on; everything on screen counts timer ticks, so `theolua render
-- --time N` shows the same screen every time.
local ui = require("theolua")

-- The jobs: a name and how many ticks each needs.
local jobs = {
  { name = "fetch sources", ticks = 4 }, { name = "compile core", ticks = 12 },
  { name = "compile lua bridge", ticks = 9 }, { name = "run unit tests", ticks = 16 },
  { name = "run end-to-end tests", ticks = 20 }, { name = "package", ticks = 6 },
}

-- Where each job stands after `tick` ticks: jobs run two at a time, in order.
local function progress(tick)
  local done, running, lanes = {}, {}, { 0, 0 }
  for i, job in ipairs(jobs) do
    local lane = lanes[1] <= lanes[2] and 1 or 2
    local start = lanes[lane]
    lanes[lane] = start + job.ticks
    done[i] = math.max(0, math.min(1, (tick - start) / job.ticks))
    running[i] = tick >= start and tick < start + job.ticks
  end
  return done, running
end

local function state(fraction, running)
  if fraction >= 1 then return "done" end
  return running and "running" or "queued"
end

-- The log: a line when a job starts and when it ends, in tick order.
local function log(tick)
  local lines = {}
  for t = 0, tick do
    local before = t > 0 and { progress(t - 1) } or { {}, {} }
    local now, running = progress(t)
    for i, job in ipairs(jobs) do
      if running[i] and not before[2][i] then lines[#lines + 1] = string.format("%3ds  started %s", t, job.name) end
      if now[i] >= 1 and (before[1][i] or 0) < 1 then lines[#lines + 1] = string.format("%3ds  finished %s", t, job.name) end
    end
  end
  return lines
end

local Dashboard = ui.component("Dashboard", {
  initialState = function() return { tab = 1, tick = 0, paused = false } end,
  actions = {
    tab = function(self, tab) self:updateState({ tab = tab, tick = self.state.tick, paused = self.state.paused }) end,
    -- Keys the focused widget left: the tab bar takes left, right and the numbers
    -- itself; from the table or the log they come here.
    key = function(self, key)
      local s = self.state
      local tab = ({ ["1"] = 1, ["2"] = 2, ["3"] = 3 })[key.name]
        or key.name == "left" and (s.tab + 1) % 3 + 1
        or key.name == "right" and s.tab % 3 + 1
      if tab then self:updateState({ tab = tab, tick = s.tick, paused = s.paused }) return true end
      if key.name == "p" then self:updateState({ tab = s.tab, tick = s.tick, paused = not s.paused }) return true end
      if key.name == "q" then ui.quit() return true end
    end,
  },
  render = function(self)
    local s = self.state
    local done, running = progress(s.tick)
    local total, count = 0, 0
    for i = 1, #jobs do
      total = total + done[i]
      if done[i] >= 1 then count = count + 1 end
    end
    local finished = count == #jobs

    local bars = {}
    for i, job in ipairs(jobs) do
      bars[i] = ui.row { key = job.name, gap = 1,
        ui.text { job.name, width = 22, wrap = "ellipsis" },
        ui.progress { value = done[i], label = string.format("%3d%%", math.floor(done[i] * 100)), grow = 1 },
      }
    end
    local lines = log(s.tick)

    return ui.column { onKey = self:handler("key"), keys = { { "←→ 1-3", "tabs" }, { "p", "pause" }, { "q", "quit" } },
      ui.row { gap = 1,
        ui.text { "build #42", bold = true },
        finished and ui.text { "✓ finished", color = "green" }
          or s.paused and ui.text { "paused", color = "yellow" }
          or ui.spinner { label = "building" },
        ui.spacer {},
        ui.text { string.format("%ds", s.tick), color = "gray" },
      },
      ui.progress { value = total / #jobs, label = string.format("%d of %d jobs", count, #jobs) },
      ui.tabs { selected = s.tab, onChange = self:handler("tab"), grow = 1,
        { title = "Overview", table.unpack(bars) },
        { title = "Jobs",
          ui.table { count = #jobs, grow = 1, keys = { { "↑↓", "select" } },
            columns = { { title = "job", grow = 1 }, { title = "state", width = 9 }, { title = "ticks", width = 6, align = "right" } },
            cell = function(row, col)
              if col == 1 then return jobs[row].name end
              if col == 2 then return state(done[row], running[row]) end
              return jobs[row].ticks
            end },
        },
        { title = "Log",
          ui.list { count = #lines, follow = true, grow = 1, itemHeight = 1,
            render = function(i) return ui.text { lines[i], key = i } end },
        },
      },
      ui.keyhints {},
    }
  end,
  controller = {
    init = function(ctl)
      ctl.timer = ui.every(1, function()
        ctl:updateState(function(s)
          if s.paused then return s end
          return { tab = s.tab, tick = s.tick + 1, paused = false }
        end)
      end)
    end,
  },
})

return Dashboard
