-- The theolua demo: a small dashboard made of a counter, a todo list and an activity
-- log, laid out for an 80x24 terminal. `scripts/run` starts it.
--
-- It shows the main ideas at once:
-- * components with their own state (Counter, Todos) inside a parent (Demo);
-- * the responder chain: children `self:send("log", ...)` and the Demo's action
--   handles it, without the children knowing who listens;
-- * a controller timer (the uptime and a heartbeat in the log);
-- * focus and keys: tab moves between the buttons, the input and the log.
-- Run it with `theolua run Examples/demo.lua`, then edit this file and save: the
-- screen updates and the count, the todos and the log stay as they were.
local ui = require("theolua")

-- A bordered panel with a title.
local function panel(title, color, props)
  props.border, props.borderColor, props.title = "round", color, title
  props.padding = props.padding or { 1, 0 }
  return ui.box(props)
end

local Counter = ui.component("Counter", {
  props = { step = { "integer", default = 1, min = 1 } },
  initialState = function() return { count = 0 } end,
  render = function(self)
    local count = self.state.count
    return panel("counter", "cyan", {
      ui.row { gap = 1,
        ui.text { "count", bold = true },
        ui.text { tostring(count), color = count < 0 and "red" or "brightCyan", bold = true, grow = 1 },
        ui.button { "+", onPress = self:handler("add", self.props.step) },
        ui.button { "-", onPress = self:handler("add", -self.props.step) },
        ui.button { "0", onPress = self:handler("reset") },
      },
      ui.text { count == 0 and "press + or -" or string.rep(count > 0 and "▮" or "▯", math.min(math.abs(count), 36)),
        color = count < 0 and "red" or "cyan", dim = count == 0, wrap = "none" },
    })
  end,
  actions = {
    add = function(self, amount)
      local count = self.state.count + amount
      self:updateState({ count = count })
      print("count is now " .. count)  -- print goes to the log (F12), never the screen
      self:send("log", "counter", string.format("count %+d → %d", amount, count))
    end,
    reset = function(self)
      self:updateState({ count = 0 })
      self:send("log", "counter", "count reset")
    end,
  },
})

local Todos = ui.component("Todos", {
  initialState = function()
    local items = {
      { id = 1, title = "tab to my box, press enter", done = false },
      { id = 2, title = "edit me, save: state stays", done = false },
      { id = 3, title = "F12 shows what print wrote", done = false },
    }
    return { draft = "", items = items, nextId = #items + 1 }
  end,
  render = function(self)
    local left, rows = 0, {}
    for _, item in ipairs(self.state.items) do
      if not item.done then left = left + 1 end
      rows[#rows + 1] = ui.row { key = item.id, gap = 1,
        ui.button { item.done and "x" or " ", onPress = self:handler("toggle", item.id) },
        ui.text { item.title, strike = item.done, dim = item.done, wrap = "ellipsis" },
      }
    end
    return panel(string.format("todo · %d left", left), "yellow", { grow = 1,
      ui.input { value = self.state.draft, placeholder = "add a todo, press enter",
        onChange = self:handler("edit"), onSubmit = self:handler("add"),
        border = "single", borderColor = "gray" },
      ui.column(rows),
    })
  end,
  actions = {
    edit = function(self, text)
      self:updateState(function(s) return { draft = text, items = s.items, nextId = s.nextId } end)
    end,
    add = function(self, text)
      if text:match("^%s*$") then return end
      self:updateState(function(s)
        local items = { table.unpack(s.items) }
        items[#items + 1] = { id = s.nextId, title = text, done = false }
        return { draft = "", items = items, nextId = s.nextId + 1 }
      end)
      self:send("log", "todo", "added “" .. text .. "”")
    end,
    toggle = function(self, id)
      local title
      self:updateState(function(s)
        local items = {}
        for index, item in ipairs(s.items) do
          if item.id == id then
            title = item.title
            item = { id = id, title = item.title, done = not item.done }
          end
          items[index] = item
        end
        return { draft = s.draft, items = items, nextId = s.nextId }
      end)
      self:send("log", "todo", "toggled item " .. id)
    end,
  },
})

-- A copy of `log` with one more entry, keeping the last 200.
local function appended(log, source, text)
  local copy = {}
  for index = math.max(1, #log - 198), #log do copy[#copy + 1] = log[index] end
  copy[#copy + 1] = { n = (log[#log] and log[#log].n or 0) + 1, source = source, text = text }
  return copy
end

local sourceColors = { counter = "cyan", todo = "yellow", clock = "magenta", demo = "green" }

local Demo = ui.component("Demo", {
  initialState = function()
    return { seconds = 0, log = { { n = 1, source = "demo", text = "started; tab moves focus" } } }
  end,
  render = function(self)
    local lines = {}
    for _, entry in ipairs(self.state.log) do
      lines[#lines + 1] = ui.row { key = entry.n, gap = 1,
        ui.text { entry.source, color = sourceColors[entry.source] or "white", width = 7, shrink = 0 },
        ui.text { entry.text, wrap = "ellipsis", grow = 1 },
      }
    end
    local s = self.state.seconds
    return ui.column { height = "100%",  -- fill the screen: the middle row grows
      ui.row { bg = "blue", padding = { 1, 0 },
        ui.text { "theolua", bold = true, color = "brightWhite" },
        ui.text { " · components in Lua", color = "white", grow = 1 },
        ui.text { string.format("up %d:%02d", s // 60, s % 60), color = "brightWhite" },
      },
      ui.row { grow = 1, gap = 1,
        ui.column { width = "50%",
          Counter {},
          Todos {},
        },
        panel("log", "green", { grow = 1,
          ui.scroll { follow = true, grow = 1, lines },
        }),
      },
      ui.text { "tab focus · enter press · type to add · ctrl+c quit · F12 print log",
        dim = true, align = "center" },
    }
  end,
  actions = {
    -- Every child's `self:send("log", source, text)` ends up here.
    log = function(self, source, text)
      self:updateState(function(s) return { seconds = s.seconds, log = appended(s.log, source, text) } end)
    end,
  },
  controller = {
    init = function(ctl)
      ctl.timer = ui.every(1, function()
        ctl:updateState(function(s)
          local seconds = s.seconds + 1
          local log = s.log
          if seconds % 10 == 0 then log = appended(log, "clock", seconds .. " seconds up") end
          return { seconds = seconds, log = log }
        end)
      end)
    end,
  },
})

return Demo
