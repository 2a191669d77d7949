-- attack: a setsid grandchild of a component that unmounts while the app runs on
-- run: render --allow-run --size 60x3 --keys x
-- status: 0
-- stdout: left 0
-- survivors: sleep 7422
-- survivors: sleep 7423
-- survivors: sleep 7424
local ui = require("theolua")
local Worker = ui.component("Worker", {
  render = function() return ui.text "worker" end,
  controller = { init = function()
    ui.spawn("sh", { "-c", "setsid sh -c 'trap \"\" TERM; sleep 7422' & (sleep 7423 &); exec sleep 7424" })
  end },
})
return ui.component("App", {
  initialState = function() return { on = true, left = "?" } end,
  render = function(self)
    return ui.box { focusable = true, onKey = self:handler("key"),
      self.state.on and Worker {} or nil, ui.text("left " .. self.state.left) }
  end,
  actions = { key = function(self, e)
    self:updateState(function(s) return { on = false, left = s.left } end)
    ui.spawn("sh", { "-c", "sleep 2.6; pgrep -f 'slee[p] 742[234]' | wc -l" }, { onStdout = function(l)
      self:updateState(function(s) return { on = s.on, left = l } end) end })
    return true
  end },
})
