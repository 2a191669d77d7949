-- attack: a tailed file swapped for a link to a growing secret again and again
-- run: render --allow-read=$DIR/data --allow-run=sh --wait 1.5
-- setup: mkdir data && echo inside > data/log
-- status: 0
-- stdout: ^no secret
local ui = require("theolua")
local outside = require("where")
return ui.component("Tail", {
  initialState = function() return { seen = false } end,
  render = function(self) return ui.text(self.state.seen and "saw it" or "no secret") end,
  controller = { init = function(ctl)
    ui.tail("data/log", function(lines)
      for _, line in ipairs(lines) do
        if line:find("TOP" .. "SECRET") then ctl:updateState(function() return { seen = true } end) end
      end
    end, { fromStart = true })
    ui.spawn("sh", { "-c", "cd data; i=0; while [ $i -lt 300 ]; do ln -sf '" .. outside .. "/secret.txt' log.new; mv log.new log; echo inside >> log.real; ln -sf log.real log.new; mv log.new log; echo TOPSECRET >> '" .. outside .. "/secret.txt'; i=$((i+1)); done" })
  end },
})
