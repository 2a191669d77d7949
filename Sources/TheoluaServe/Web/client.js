// The page of `theolua serve --web`: a terminal (xterm.js) joined to a session of the app
// over a WebSocket. Binary messages carry the app's output one way and the keys the
// other; text messages are JSON: the window's size from here, and from the server a
// line to show ({"message"}) or the app's end ({"exit"}).
"use strict";
(function () {
  // xterm.js as node-xterm ships it: CommonJS modules, defined by xterm.js (served
  // beside this script) in theoluaModules and loaded here.
  var loaded = {};
  function resolve(from, name) {
    var parts = from.split("/").slice(0, -1);
    name.split("/").forEach(function (part) {
      if (part === "..") parts.pop();
      else if (part !== ".") parts.push(part);
    });
    return parts.join("/");
  }
  function load(name) {
    if (loaded[name]) return loaded[name].exports;
    var body = theoluaModules[name];
    if (!body) throw new Error("xterm.js has no module " + name);
    var module = { exports: {} };
    loaded[name] = module;
    body(function (required) { return load(resolve(name, required)); }, module, module.exports);
    return module.exports;
  }

  var Terminal = load("xterm");
  Terminal.applyAddon(load("addons/fit/fit"));

  var status = document.getElementById("status");
  function show(text) {
    status.textContent = text;
    status.hidden = !text;
  }

  // xterm.js 3's canvas renderer with its static glyph atlas: the dynamic atlas and
  // the DOM renderer are quicker to start (by 100-150 ms) but draw inverse, dim or a
  // hidden cursor wrongly.
  var term = new Terminal({ cursorBlink: false, scrollback: 0, fontSize: 15 });
  term.open(document.getElementById("terminal"));
  term.fit();
  term.focus();

  var query = new URLSearchParams(location.search);
  var address = new URL("session", location.href);
  address.protocol = location.protocol === "https:" ? "wss:" : "ws:";
  address.search = "";
  if (query.get("token")) address.searchParams.set("token", query.get("token"));
  address.searchParams.set("columns", term.cols);
  address.searchParams.set("rows", term.rows);

  var socket = new WebSocket(address.href);
  socket.binaryType = "arraybuffer";
  var decoder = new TextDecoder("utf-8");
  var encoder = new TextEncoder();
  var ended = false;
  var received = 0;

  function sendSize() {
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ columns: term.cols, rows: term.rows }));
  }
  // The window may have changed between the address and the connection.
  socket.onopen = function () { show(""); sendSize(); };
  socket.onmessage = function (event) {
    if (typeof event.data !== "string") {
      received += event.data.byteLength;
      term.write(decoder.decode(new Uint8Array(event.data), { stream: true }));
      return;
    }
    var message = JSON.parse(event.data);
    if (typeof message.message === "string") term.write("\r\n" + message.message.replace(/\n/g, "\r\n") + "\r\n");
    if (typeof message.exit === "number") {
      ended = true;
      show("The session ended" + (message.exit ? " (status " + message.exit + ")" : "") + ". Reload the page for a new one.");
    }
  };
  socket.onclose = function () {
    if (!ended) show("The connection to the server closed. Reload the page for a new session.");
    ended = true;
  };

  term.on("data", function (data) {
    if (socket.readyState === WebSocket.OPEN) socket.send(encoder.encode(data));
  });
  term.on("resize", sendSize);
  var pending = null;
  window.addEventListener("resize", function () {
    clearTimeout(pending);
    pending = setTimeout(function () { term.fit(); }, 50);
  });

  // The screen as lines of text, for tests and for the browser's console.
  window.theolua = {
    terminal: term,
    screen: function () {
      var buffer = term._core.buffer;
      var lines = [];
      for (var y = 0; y < term.rows; y++) {
        lines.push(buffer.translateBufferLineToString(buffer.ydisp + y, true, 0, term.cols));
      }
      return lines;
    },
    // Bytes of the app's output so far.
    received: function () { return received; }
  };
})();
