-- attack: writeFile, appendFile and makeDir up and out with .., and by absolute path
-- run: render --allow-write=$DIR/data
-- setup: mkdir data
-- status: 0
-- stdout: ^denied 4
-- outside-absent: created.txt
-- outside-absent: made
local ui = require("theolua")
local outside = require("where")
local denied = 0
for _, call in ipairs({
  function() ui.writeFile("data/../../" .. outside:match("[^/]+$") .. "/created.txt", "PWNED") end,
  function() ui.writeFile(outside .. "/created.txt", "PWNED") end,
  function() ui.appendFile(outside .. "/created.txt", "PWNED") end,
  function() ui.makeDir(outside .. "/made") end,
}) do
  local ok, err = pcall(call)
  if not ok and err:find("not allowed", 1, true) then denied = denied + 1 end
end
return ui.text("denied " .. denied)
