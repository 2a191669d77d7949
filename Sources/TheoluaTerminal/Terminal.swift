// TheoluaTerminal: the tty.
