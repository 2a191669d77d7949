-- attack: none: a rotation inside the grant is followed into the new file
-- run: render --allow-read=$DIR/data --allow-run=sh --wait 3 --size 60x3
-- setup: mkdir data && echo old > data/log
-- status: 0
-- stdout: ^old\|new
local ui = require("theolua")
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
    ui.spawn("sh", { "-c", "sleep 0.3; mv data/log data/log.1; echo new > data/log; sleep 0.5" })
  end },
})
