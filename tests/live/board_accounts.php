<?php
// board_accounts.php BOARD_DIR PASSWORD [--exempt] NAME...: ordinary members of the live test
// board, made through phpBB's own user_add (as the board's seed_board.php makes its players);
// --exempt gives the accounts named after it the user permission "Can ignore flood limit"
// (u_ignoreflood), as a board administrator does in the ACP (docs/running.md). Run from the
// board folder. Only adds what is missing, so running it again is harmless. Test-only.
define('IN_PHPBB', true);
$phpbb_root_path = rtrim($argv[1], '/') . '/';
$phpEx = 'php';
include($phpbb_root_path . 'common.php');
include($phpbb_root_path . 'includes/functions_user.php');
include($phpbb_root_path . 'includes/acp/auth.php');

$user->session_begin();
$auth->acl($user->data);
$user->setup();

$exempt = false;
$passwords_manager = $phpbb_container->get('passwords.manager');
// One hash for every account made now: they share the password, and each hash costs time.
$hash = $passwords_manager->hash($argv[2]);
$sql = 'SELECT group_id FROM ' . GROUPS_TABLE . " WHERE group_name = 'REGISTERED' AND group_type = " . GROUP_SPECIAL;
$result = $db->sql_query($sql);
$registered = (int) $db->sql_fetchfield('group_id');
$db->sql_freeresult($result);

function user_id_of($name) {
	global $db;
	$sql = 'SELECT user_id FROM ' . USERS_TABLE . " WHERE username_clean = '" . $db->sql_escape(utf8_clean_string($name)) . "'";
	$result = $db->sql_query($sql);
	$id = $db->sql_fetchfield('user_id');
	$db->sql_freeresult($result);
	return $id ? (int) $id : null;
}

$auth_admin = new auth_admin();
$added = array();
foreach (array_slice($argv, 3) as $name) {
	if ($name === '--exempt') { $exempt = true; continue; }
	$uid = user_id_of($name);
	if (!$uid) {
		$uid = user_add(array(
			'username' => $name,
			'user_password' => $hash,
			'user_email' => strtolower(preg_replace('/[^A-Za-z0-9]/', '', $name)) . '@example.invalid',
			'group_id' => $registered,
			'user_type' => USER_NORMAL,
			'user_lang' => 'en',
			'user_timezone' => 'UTC',
			'user_regdate' => time(),
			'user_new' => 0,
		));
		$added[] = $name;
	}
	if ($exempt) {
		$auth_admin->acl_set('user', 0, $uid, array('u_ignoreflood' => ACL_YES));
	}
}
$cache->purge();
echo '[accounts] added: ' . ($added ? implode(', ', $added) : 'none') . "\n";
