-- attack: none: a granted command runs by name and by its path
-- run: render --allow-run=echo --size 60x3
-- status: 0
-- stdout: ^a b
local ui = require("theolua")
return ui.component("E", {
  initialState = function() return { text = "" } end,
  render = function(self) return ui.text(self.state.text) end,
  controller = { init = function(ctl)
    ui.spawn("echo", { "a" }, { onStdout = function(l) ctl:updateState(function(s) return { text = s.text .. l .. " " } end) end,
      onExit = function()
        ui.spawn("/bin/echo", { "b" }, { onStdout = function(l) ctl:updateState(function(s) return { text = s.text .. l } end) end })
      end })
  end },
})
