-- attack: writing to a process that never reads its input, to hold every byte written in the host's memory
-- run: render --allow-run=sleep --wait 0 --max-instructions 2000000000
-- status: 0
-- stdout: has not read the \d+ bytes written before; at most 64 MiB
-- survivors: sleep 7303
local ui = require("theolua")
local p = ui.spawn("sleep", { "7303" })
local chunk = ("x"):rep(1 << 20)
local ok, err
for _ = 1, 10000 do
  ok, err = pcall(p.write, p, chunk)
  if not ok then break end
end
return ui.text { tostring(err), wrap = "char" }
