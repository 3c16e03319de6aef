"""Playing an online seat from the terminal (``heat play --join LINK``): the invitation link, the
seat's view read back from the server's JSON, the connection, and the app that drives the race
screens from the server's messages. The server judges every rule; this client only shows what
its seat is sent and sends the player's decisions."""
