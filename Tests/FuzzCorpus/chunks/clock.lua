-- A clock and a small dashboard, driven by controller timers: the wall clock (os.date)
-- and a ticking uptime, plus panels with borders and colors fed by the same tick.
--
-- Time in components comes from one place: the controller's timer puts it into state,
-- and render only reads state. The wall-clock line is the only thing that depends on
-- when you run it; everything else counts timer ticks, so `theolua render --time N`
-- shows the same panels every time (the end-to-end test masks the clock line only).
local ui = require("theolua")

-- A horizontal bar of `width` cells, `fraction` of it filled.
local function bar(fraction, width)
  local filled = math.floor(fraction * width + 0.5)
  return string.rep("█", filled) .. string.rep("░", width - filled)
end

local function uptime(seconds)
  return string.format("%dh %02dm %02ds", seconds // 3600, seconds // 60 % 60, seconds % 60)
end

-- A titled, bordered panel; `children` are its contents.
local Panel = ui.component("Panel", {
  props = { title = "string", color = { "string", default = "blue" }, children = "elements?", grow = "number?" },
  render = function(self)
    return ui.box { border = "round", borderColor = self.props.color, title = self.props.title,
      padding = { 1, 0 }, grow = self.props.grow,
      self.props.children,
    }
  end,
})

-- A labelled gauge: the load of a made-up service, moving with each tick.
local Gauge = ui.component("Gauge", {
  props = { label = "string", value = { "number", min = 0, max = 1 } },
  render = function(self)
    local value = self.props.value
    local color = value > 0.8 and "red" or value > 0.5 and "yellow" or "green"
    return ui.row { gap = 1,
      ui.text { string.format("%-6s", self.props.label) },
      ui.text { bar(value, 20), color = color },
      ui.text { string.format("%3d%%", math.floor(value * 100 + 0.5)), color = color },
    }
  end,
})

local Dashboard = ui.component("Dashboard", {
  props = { name = { "string", default = "theolua" } },
  initialState = function(props)
    return { now = os.time(), ticks = 0 }
  end,
  render = function(self)
    local ticks = self.state.ticks
    -- Loads follow smooth waves of the tick count: deterministic, yet alive.
    local function load(phase, speed) return (math.sin(ticks * speed + phase) + 1) / 2 end
    return ui.column { gap = 0,
      ui.row { gap = 2,
        Panel { title = "clock", color = "cyan", grow = 1,
          ui.text { os.date("%Y-%m-%d  %H:%M:%S", self.state.now), bold = true, color = "brightCyan" },
        },
        Panel { title = "uptime", color = "magenta", grow = 1,
          ui.text { uptime(ticks), bold = true, color = "brightMagenta" },
        },
      },
      Panel { title = "load", color = "green",
        Gauge { label = "api", value = load(0, 0.3) },
        Gauge { label = "db", value = load(2, 0.17) },
        Gauge { label = "cache", value = load(4, 0.5) },
      },
      Panel { title = "events", color = "yellow",
        ui.text { string.format("%d ticks since %s started", ticks, self.props.name) },
        ui.text { ticks % 10 < 5 and "● heartbeat" or "○ heartbeat", color = ticks % 2 == 0 and "red" or "gray" },
      },
      ui.text { "ctrl+c quits", dim = true, align = "right" },
    }
  end,
  -- The controller owns the timer: started when the dashboard mounts, kept across hot
  -- reloads, cancelled when it unmounts.
  controller = {
    init = function(ctl)
      ctl.timer = ui.every(1, function()
        ctl:updateState(function(s) return { now = os.time(), ticks = s.ticks + 1 } end)
      end)
    end,
  },
})

return Dashboard
