-- attack: tailing a 2 GB file without a newline from its start
-- run: render --allow-read=$DIR/data --allow-run=sleep --wait 3 --size 60x3
-- setup: mkdir data && truncate -s 2G data/big
-- status: 0
-- stdout: ^batches [1-9]
local ui = require("theolua")
return ui.component("T", {
  initialState = function() return { batches = 0, longest = 0 } end,
  render = function(self) return ui.text(("batches %d longest %d"):format(self.state.batches, self.state.longest)) end,
  controller = { init = function(ctl)
    ui.tail("data/big", function(lines)
      local longest = 0
      for _, l in ipairs(lines) do longest = math.max(longest, #l) end
      ctl:updateState(function(s) return { batches = s.batches + 1, longest = math.max(s.longest, longest) } end)
    end, { fromStart = true })
    ui.spawn("sleep", { "1.5" })
  end },
})
