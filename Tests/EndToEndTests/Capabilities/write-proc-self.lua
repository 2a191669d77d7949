-- attack: writes through /proc/self/cwd and /proc/self/root, magic links out of the grant
-- run: render --allow-write=$DIR/data
-- setup: mkdir data
-- status: 0
-- stdout: ^denied 2
-- outside-absent: created.txt
local ui = require("theolua")
local outside = require("where")
local denied = 0
for _, path in ipairs({ "/proc/self/root" .. outside .. "/created.txt", "/proc/self/cwd/../created.txt" }) do
  local ok, err = pcall(ui.writeFile, path, "PWNED")
  if not ok and err:find("not allowed", 1, true) then denied = denied + 1 end
end
return ui.text("denied " .. denied)
