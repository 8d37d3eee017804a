define({'/Content/CaseTriage.htm':{i:[1],t:['Case Triage and Severity'],b:['']},
'/Content/EscalationMatrix.htm':{i:[2],t:['Escalation Matrix'],b:['']},
'/Content/HotfixProcedure.htm':{i:[4],t:['Hotfix Procedure'],b:['']},
'/Content/LogCollection.htm':{i:[3],t:['Log Collection'],b:['']},
'/Content/NodeReplacement.htm':{i:[6],t:['Node Replacement (RMA)'],b:['']},
'/Content/RunbookIndex.htm':{i:[0],t:['Support Runbooks'],b:['']},
'/Content/StuckReplication.htm':{i:[5],t:['Diagnosing Stuck Replication'],b:['']}});
