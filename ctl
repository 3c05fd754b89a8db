ping
enable
disable
