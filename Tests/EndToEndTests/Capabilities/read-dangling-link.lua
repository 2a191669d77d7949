-- attack: a dangling link out of the grant whose target is made later
-- run: render --allow-read=$DIR/data --allow-run=cp,sleep
-- setup: mkdir data && ln -s "$OUTSIDE/later.txt" data/link
-- status: 0
-- stdout: not allowed
local ui = require("theolua")
local outside = require("where")
local function try(f, ...)
  local ok, v = pcall(f, ...)
  if ok then return type(v) == "string" and v or "listed" end
  return tostring(v)
end
local before = try(ui.readFile, "data/link")
ui.spawn("cp", { outside .. "/secret.txt", outside .. "/later.txt" }, { onExit = function() end })
return ui.component("Later", {
  initialState = function() return { text = before } end,
  render = function(self) return ui.text { self.state.text, wrap = "char" } end,
  controller = { init = function(ctl)
    ui.spawn("sleep", { "0.2" }, { onExit = function()
      ctl:updateState(function() return { text = try(ui.readFile, "data/link") } end)
    end })
  end },
})
