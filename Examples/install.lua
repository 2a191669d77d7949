-- An installer, run inline: `theolua run Examples/install.lua --inline`. It asks before
-- it starts, then works through its steps with a spinner and a progress bar; each step
-- done is printed above it with ui.print, into the scrollback, and a summary is printed
-- at the end, when it quits and leaves its last frame on the screen.
--
-- The work is simulated with timers: a real installer would start its steps with
-- ui.spawn or ui.fetch (with permission) and move on when they finish.
local ui = require("theolua")

local steps = {
  { name = "Resolve dependencies", units = 4 },
  { name = "Download packages", units = 12, detail = "14.2 MB" },
  { name = "Unpack", units = 6 },
  { name = "Configure", units = 3 },
  { name = "Link binaries", units = 2 },
}
local total = 0
for _, step in ipairs(steps) do total = total + step.units end

local Installer = ui.component("Installer", {
  props = { target = { "string", default = "~/.local/share/acme" } },
  initialState = function() return { phase = "confirm", step = 1, unit = 0, done = 0 } end,

  render = function(self)
    local s = self.state
    if s.phase == "confirm" then
      return ui.column { onKey = self:handler("key"),
        ui.text { "Install ", ui.span { "acme 2.4.1", bold = true }, " into ", ui.span { self.props.target, color = "cyan" }, "?" },
        ui.row { gap = 2, margin = { 1, 0, 0, 0 },
          ui.button { "Install", autoFocus = true, onPress = self:handler("start") },
          ui.button { "Cancel", onPress = self:handler("cancel") },
        },
        ui.text { "enter: install · esc: cancel · tab: move", dim = true },
      }
    end
    if s.phase == "done" then
      return ui.text { ui.span { "✔ ", color = "green" }, "acme 2.4.1 is installed. Run ", ui.span { "acme --help", bold = true }, " to start." }
    end
    local step = steps[s.step]
    return ui.column {
      ui.row { gap = 1,
        ui.spinner {},
        ui.text { step.name, bold = true },
        ui.text { step.detail and ("(" .. step.detail .. ")") or "", dim = true },
      },
      ui.row { gap = 1,
        ui.progress { value = s.done / total, width = 30 },
        ui.text(("%d%%  step %d of %d"):format(math.floor(s.done / total * 100), s.step, #steps)),
      },
    }
  end,

  actions = {
    key = function(self, key)
      if key.name == "esc" then self:handler("cancel")() return true end
    end,
    cancel = function(self)
      ui.print("Installation cancelled: nothing was changed.")
      ui.quit()
    end,
    start = function(self)
      self:updateState({ phase = "working", step = 1, unit = 0, done = 0 })
      local tick = self:handler("tick")
      ui.after(0.15, function() tick() end)
    end,
    tick = function(self)
      local s = self.state
      if s.phase ~= "working" then return end
      local step = steps[s.step]
      local unit, nextStep = s.unit + 1, s.step
      if unit >= step.units then
        ui.print(("  ✔ %s"):format(step.name))
        unit, nextStep = 0, s.step + 1
      end
      if nextStep > #steps then
        ui.print(("Installed acme 2.4.1 into %s in %d steps."):format(self.props.target, #steps))
        self:updateState({ phase = "done", step = #steps, unit = 0, done = total })
        ui.after(0.1, ui.quit)
        return
      end
      self:updateState({ phase = "working", step = nextStep, unit = unit, done = s.done + 1 })
      local tick = self:handler("tick")
      ui.after(0.15, function() tick() end)
    end,
  },
})

return Installer
