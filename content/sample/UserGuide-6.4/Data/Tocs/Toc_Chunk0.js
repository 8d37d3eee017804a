define({'/Content/Admin/UsersRoles.htm':{i:[7],t:['Users and Roles'],b:['']},
'/Content/Cluster/StorageDomains.htm':{i:[5],t:['Storage Domains'],b:['']},
'/Content/Overview.htm':{i:[0],t:['Data Platform Overview'],b:['']},
'/Content/Protection/ProtectionJobs.htm':{i:[2],t:['Protection Jobs'],b:['']},
'/Content/Protection/ProtectionPolicies.htm':{i:[3],t:['Protection Policies'],b:['']},
'/Content/Recovery/FileFolder.htm':{i:[4],t:['Recover Files and Folders'],b:['']},
'/Content/ReleaseNotes/WhatsNew.htm':{i:[1],t:['What\'s New in Data Platform 6.4'],b:['']},
'/Content/Replication/Replication.htm':{i:[6],t:['Replication'],b:['']}});
