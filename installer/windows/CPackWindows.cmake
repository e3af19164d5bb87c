# Windows installers (NSIS and WiX), used when packaging on Windows with windeployqt'd Qt.
set(CPACK_NSIS_DISPLAY_NAME "Cluster Design Studio")
set(CPACK_NSIS_PACKAGE_NAME "Cluster Design Studio")
set(CPACK_NSIS_INSTALLED_ICON_NAME "bin\\\\cluster-studio.exe")
set(CPACK_NSIS_URL_INFO_ABOUT "${PROJECT_HOMEPAGE_URL}")
set(CPACK_NSIS_ENABLE_UNINSTALL_BEFORE_INSTALL ON)
set(CPACK_NSIS_MODIFY_PATH ON)
# Registers *.cds.json (never plain *.json) with the studio.
set(CPACK_NSIS_EXTRA_INSTALL_COMMANDS "
  WriteRegStr HKCR '.cds.json' '' 'ClusterDesignStudio.Design'
  WriteRegStr HKCR 'ClusterDesignStudio.Design' '' 'Cluster Design Studio design'
  WriteRegStr HKCR 'ClusterDesignStudio.Design\\\\shell\\\\open\\\\command' '' '\\\"$INSTDIR\\\\bin\\\\cluster-studio.exe\\\" \\\"%1\\\"'
")
set(CPACK_NSIS_EXTRA_UNINSTALL_COMMANDS "
  DeleteRegKey HKCR '.cds.json'
  DeleteRegKey HKCR 'ClusterDesignStudio.Design'
")
# WiX: a fixed upgrade code keeps upgrades in place (never change it).
set(CPACK_WIX_UPGRADE_GUID "6F1C8E2A-3B7D-4C59-9A0E-5D2B7C1F4E83")
set(CPACK_WIX_PROGRAM_MENU_FOLDER "Cluster Design Studio")
