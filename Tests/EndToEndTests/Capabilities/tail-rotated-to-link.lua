-- attack: a tailed file rotated into a link to a secret (--allow-read=data --allow-run=ln,sleep)
-- run: render --allow-read=$DIR/data --allow-run=ln,sleep --wait 2 --size 60x3
-- setup: mkdir data && echo line1 > data/log
-- status: 0
-- stdout: ^line1\s*$
local ui = require("theolua")
local outside = require("where")
return ui.component("T", {
  initialState = function() return { lines = {} } end,
  render = function(self) return ui.text(table.concat(self.state.lines, "|")) end,
  controller = { init = function(ctl)
    ui.tail("data/log", function(lines)
      ctl:updateState(function(s)
        local t = { table.unpack(s.lines) }
        for _, l in ipairs(lines) do t[#t + 1] = l end
        return { lines = t }
      end)
    end, { fromStart = true })
    ui.spawn("ln", { "-sfn", outside .. "/secret.txt", "data/log" })
    ui.spawn("sleep", { "0.5" })
  end },
})
