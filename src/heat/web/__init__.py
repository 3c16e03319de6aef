"""The browser board: the page's files (``static/``, served as they are) and the track drawings'
geometry (``layout``). The page knows no rule: it draws what the server sends."""
