-- attack: a tailed file that becomes a dangling link out of the grant, whose target appears later
-- run: render --allow-read=$DIR/data --allow-run=sh --wait 2 --size 60x3
-- setup: mkdir data
-- status: 0
-- stdout: ^nothing
local ui = require("theolua")
local outside = require("where")
return ui.component("T", {
  initialState = function() return { text = "nothing" } end,
  render = function(self) return ui.text(self.state.text) end,
  controller = { init = function(ctl)
    ui.tail("data/log", function(lines)
      ctl:updateState(function() return { text = table.concat(lines, "|") } end)
    end, { fromStart = true })
    ui.spawn("sh", { "-c", "sleep 0.2; ln -s '" .. outside .. "/later.log' data/log; sleep 0.2; cp '" .. outside .. "/secret.txt' '" .. outside .. "/later.log'; sleep 0.5" })
  end },
})
